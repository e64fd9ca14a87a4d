"""A claims handler acknowledges one report on the server's pages, in headless Chromium.

Usage: acknowledge.py BASE_URL HANDLER_TOKEN CRASH_ID CLAIM_NUMBER MESSAGE SCREENSHOT_DIR

Signs in, finds the crash in the list, opens it, sends the claim number and message, and checks the page says so.
"""
import os
import sys

import browser

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, token, crash_id, claim_number, message, shots = sys.argv[1:7]

driver = browser.start()


def navigating(action):
    browser.navigating(driver, action)



def steps():
    driver.get(base + "/handler")
    navigating(lambda: driver.find_element(By.ID, "token").send_keys(token + Keys.ENTER))
    navigating(lambda: driver.find_element(By.LINK_TEXT, crash_id).click())
    for image in driver.find_elements(By.CSS_SELECTOR, "article img"):
        if not driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image):
            raise AssertionError("the photo " + image.get_attribute("alt") + " did not load")
    print("ok: the report's photos loaded", flush=True)
    driver.find_element(By.ID, "claimNumber").send_keys(claim_number)
    driver.find_element(By.ID, "message").send_keys(message)
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, ".acknowledge button").click())
    status = driver.find_element(By.CSS_SELECTOR, "[role=status]").text
    if "Acknowledged with claim " + claim_number not in status:
        raise AssertionError("the page said: " + status)
    print("ok: acknowledged with claim " + claim_number, flush=True)
    driver.save_screenshot(os.path.join(shots, "acknowledged.png"))

browser.run(driver, shots, steps)
