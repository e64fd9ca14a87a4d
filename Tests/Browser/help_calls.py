"""A claims handler sees, first on the list of claims, a driver who asked for help by SMS, in headless Chromium.

Usage: help_calls.py BASE_URL HANDLER_TOKEN CRASH_ID TEXT SCREENSHOT_DIR

Signs in and checks that the list starts with the drivers who asked for help: the crash ID, the driver's words (TEXT)
and a telephone link, marked urgent, and said to have no submitted report yet.
"""
import os
import sys

import browser
from browser import check

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, token, crash_id, text, shots = sys.argv[1:6]
driver = browser.start()


def steps():
    driver.get(base + "/handler")
    browser.navigating(driver, lambda: driver.find_element(By.ID, "token").send_keys(token + Keys.ENTER))
    heading = driver.find_element(By.ID, "help-heading")
    check(heading.text == "Drivers who asked for help by SMS", "the list starts with the calls for help: " + heading.text)
    section = driver.find_element(By.CSS_SELECTOR, "section.help-calls")
    check(section.get_attribute("role") == "alert", "the section is announced as an alert")
    first = driver.find_element(By.TAG_NAME, "h1").location["y"] < heading.location["y"] < driver.find_element(By.CSS_SELECTOR, "ul.filters").location["y"]
    check(first, "it comes before the list's filters")
    items = section.find_elements(By.CSS_SELECTOR, "li.help-call")
    check(len(items) == 1, str(len(items)) + " calls for help listed")
    item = items[0]
    check(crash_id in item.text, "the call names the crash: " + item.text)
    check(item.find_element(By.TAG_NAME, "q").text == text, "the driver's words as sent: " + item.find_element(By.TAG_NAME, "q").text)
    phone = item.find_element(By.CSS_SELECTOR, "a[href^='tel:']")
    check(phone.get_attribute("href") == "tel:" + phone.text, "the number is a telephone link: " + phone.get_attribute("href"))
    check("No report submitted yet" in item.text, "the crash has no claim yet")
    check(item.text.count(phone.text) == 1, "the number is said once: " + item.text)
    colour = item.find_element(By.CSS_SELECTOR, "strong.flag").value_of_css_property("color")
    check(colour != "rgba(0, 0, 0, 1)", "the crash ID is marked in the alert colour: " + colour)
    driver.save_screenshot(os.path.join(shots, "help-calls.png"))


browser.run(driver, shots, steps)
