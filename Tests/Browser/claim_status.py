"""A claims handler records a claim's next steps on its page, in headless Chromium.

Usage: claim_status.py BASE_URL HANDLER_TOKEN CRASH_ID SCREENSHOT_DIR

Signs in, opens the crash, tries a step with a field missing (the page says which, keeping what was typed), then
records "assigned" (a name and phone, with a note) and "vehicle at" (a repairer and address), and checks that the
page lists both, in order.
"""
import os
import sys

import browser
from browser import check

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

base, token, crash_id, shots = sys.argv[1:5]
driver = browser.start()


def record(kind, fields, note=""):
    Select(driver.find_element(By.ID, "status")).select_by_value(kind)
    for name, value in fields.items():
        box = driver.find_element(By.ID, "status-" + name)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "status-note").clear()
    if note:
        driver.find_element(By.ID, "status-note").send_keys(note)
    browser.navigating(driver, lambda: driver.find_element(By.CSS_SELECTOR, ".status button").click())


def steps():
    driver.get(base + "/handler")
    browser.navigating(driver, lambda: driver.find_element(By.ID, "token").send_keys(token + Keys.ENTER))
    browser.navigating(driver, lambda: driver.find_element(By.LINK_TEXT, crash_id).click())
    check("No status recorded yet." in driver.find_element(By.CSS_SELECTOR, ".status").text, "no step yet")

    record("vehicle-at", {"repairer": "Autó Kft."})
    error = driver.find_element(By.ID, "status-error").text
    check("Repairer's address: fill this in" in error, "a missing field is named: " + error)
    check(driver.find_element(By.ID, "status-repairer").get_attribute("value") == "Autó Kft.", "what was typed is kept")

    record("assigned", {"name": "Éva Kiss", "phone": "+36 1 234 5678"}, note="Call me after 9.")
    check("Recorded: Assigned to a claims handler." in driver.find_element(By.CSS_SELECTOR, "[role=status]").text, "the first step is recorded")
    record("vehicle-at", {"repairer": "Autó Kft.", "address": "Fő utca 2, Győr"})
    items = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".timeline li")]
    check(len(items) == 2, "two steps listed: " + " | ".join(items))
    check(items[0].startswith("Assigned to Éva Kiss, phone +36 1 234 5678") and "Call me after 9." in items[0], "the first: " + items[0])
    check(items[1].startswith("Vehicle at Autó Kft., Fő utca 2, Győr") and "by hana" in items[1], "the second: " + items[1])
    driver.execute_script("arguments[0].scrollIntoView()", driver.find_element(By.ID, "status-heading"))
    driver.save_screenshot(os.path.join(shots, "claim-status.png"))


browser.run(driver, shots, steps)
