"""A claims handler reads, on a claim's page, where its events to the claims system stand, in headless Chromium.

Usage: deliveries.py BASE_URL HANDLER_TOKEN CRASH_ID STATE COUNT SCREENSHOT_DIR

Signs in, opens the crash, and checks that its "Sent to the claims system" list has COUNT events, each in STATE
(delivered, given-up, ...), the first notice first, each with its webhook-id, and, when given up, the command that sends
it again.
"""
import os
import sys

import browser
from browser import check

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, token, crash_id, state, count, shots = sys.argv[1:7]
driver = browser.start()


def steps():
    driver.get(base + "/handler")
    browser.navigating(driver, lambda: driver.find_element(By.ID, "token").send_keys(token + Keys.ENTER))
    browser.navigating(driver, lambda: driver.find_element(By.LINK_TEXT, crash_id).click())
    heading = driver.find_element(By.ID, "deliveries-heading")
    check(heading.text == "Sent to the claims system", "the claim's page has its deliveries: " + heading.text)
    items = driver.find_elements(By.CSS_SELECTOR, ".deliveries li")
    check(len(items) == int(count), str(len(items)) + " deliveries listed")
    check(all(state in item.get_attribute("class").split() for item in items), "each is " + state)
    ids = [item.find_element(By.TAG_NAME, "code").text for item in items]
    check(ids[0].startswith("fnol_") and ids[1].startswith("docs_"), "the first notice first, then the documents: " + ", ".join(ids))
    if state == "given-up":
        check(all("webhook replay " in item.text for item in items), "each says the command that sends it again")
        check(all("503" in item.find_element(By.CLASS_NAME, "why").text for item in items), "each says why its last try failed")
    else:
        check(all("Delivered" in item.text for item in items), "each says when it was delivered")
    driver.execute_script("arguments[0].scrollIntoView()", heading)
    driver.save_screenshot(os.path.join(shots, "deliveries-" + state + ".png"))


browser.run(driver, shots, steps)
