"""A claims handler reads a report whose photos are still on their way from the driver's phone, in headless Chromium.

Usage: photos_arriving.py BASE_URL HANDLER_TOKEN CRASH_ID WAITING ARRIVED SCREENSHOT_DIR

Signs in and opens the report. With WAITING photos of ARRIVED + WAITING still on their way, the list and the report
say so, each photo still on its way is a sentence in its place, and there is no link to a PDF yet; with none waiting,
every photo is shown and the PDF opens.
"""
import os
import sys

import browser

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, token, crash_id, waiting, arrived, shots = sys.argv[1:7]
waiting, arrived = int(waiting), int(arrived)
check = browser.check
driver = browser.start()


def navigating(action):
    browser.navigating(driver, action)


def steps():
    driver.get(base + "/handler")
    navigating(lambda: driver.find_element(By.ID, "token").send_keys(token + Keys.ENTER))
    row = next(row for row in driver.find_elements(By.CSS_SELECTOR, "tbody tr") if crash_id in row.text)
    total = waiting + arrived
    words = f"{waiting} of {total} photo{'s' if total != 1 else ''} still arriving"
    if waiting:
        check(words in row.text, "the list says how many photos are still arriving")
    else:
        check("still arriving" not in row.text, "the list says nothing is arriving once every photo is in")
    navigating(lambda: driver.find_element(By.LINK_TEXT, crash_id).click())
    images = driver.find_elements(By.CSS_SELECTOR, "article img")
    check(len(images) == arrived, f"the {arrived} photos that arrived are shown (found {len(images)})")
    for image in images:
        check(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image), "a photo that arrived loads")
    placeholders = driver.find_elements(By.CSS_SELECTOR, "article figure.arriving")
    check(len(placeholders) == waiting, f"each of the {waiting} photos on its way is said in its place")
    for placeholder in placeholders:
        check("Still arriving from the driver's phone" in placeholder.text, "a photo on its way says so in words")
    links = driver.find_elements(By.CSS_SELECTOR, ".facts a[href$='report.pdf']")
    if waiting:
        check(not links, "there is no link to a PDF while photos are arriving")
        check(words in driver.find_element(By.ID, "photos-arriving").text, "the report says what the PDF waits for")
        driver.save_screenshot(os.path.join(shots, "photos-arriving.png"))
    else:
        check(len(links) == 1, "the PDF is linked once every photo is in")
        # The browser's own session opens it (the cookie is HttpOnly: the page's request carries it).
        driver.get(links[0].get_attribute("href"))
        check(driver.execute_script("return document.contentType") == "application/pdf", "the PDF opens")
        driver.save_screenshot(os.path.join(shots, "photos-arrived.png"))


browser.run(driver, shots, steps)
