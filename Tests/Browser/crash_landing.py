"""The page a crash SMS's link opens, on a phone (390 x 844) set to German: what was detected, 112 first, the app
link; its own language link switches to Polish. Neither page asks for a token, and nothing is wider than the screen.

Usage: crash_landing.py PAGE_URL CRASH_ID SCREENSHOT_DIR

Prints one line per check passed; exits 1 with the failed check's words on the first that fails.
"""
import os
import sys

import browser

from selenium.webdriver.common.by import By

url, crash_id, shots = sys.argv[1:4]

check = browser.check
driver = browser.start(window="390,844", languages="de-DE,de")


def language():
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def fits():
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def steps():
    driver.get(url)
    check(language() == "de", "a German phone gets the page in German (html lang=de)")
    check(crash_id in driver.find_element(By.TAG_NAME, "h1").text, "the heading names the crash")
    text = driver.find_element(By.TAG_NAME, "main").text
    check("Ihr Fahrzeug hat am" in text and "einen Unfall erkannt" in text, "it says in German when and where the crash was detected")
    call = driver.find_element(By.CSS_SELECTOR, "a[href='tel:112']")
    check(call.text == "112 anrufen" and call.is_displayed(), "the 112 button is there, in German")
    urgent = driver.find_element(By.CSS_SELECTOR, "section.urgent")
    open_app = driver.find_element(By.CSS_SELECTOR, "a[href='crashassistant://crash/%s']" % crash_id)
    check(urgent.location["y"] < open_app.location["y"], "112 comes before the app link")
    check(call.location["y"] + call.size["height"] <= 844, "the 112 button is on the first screen")
    check(open_app.size["height"] >= 44, "the app button is large enough to tap")
    check("--token" not in driver.page_source and "crash-assistant open" not in driver.page_source, "no command line, no token asked")
    check(fits(), "nothing is wider than the phone's screen")
    check(len(driver.find_elements(By.TAG_NAME, "script")) == 0, "the page holds no script")
    driver.save_screenshot(os.path.join(shots, "crash-landing-de.png"))

    browser.navigating(driver, lambda: driver.find_element(By.CSS_SELECTOR, "nav.languages a[hreflang='pl']").click())
    check(language() == "pl", "the page's language link switches to Polish")
    text = driver.find_element(By.TAG_NAME, "main").text
    check("Twój pojazd wykrył wypadek" in text and "Zadzwoń pod 112" in text, "the Polish page says the same in Polish")
    check(fits(), "the Polish page fits the screen too")
    driver.save_screenshot(os.path.join(shots, "crash-landing-pl.png"))
    driver.get(url)
    check(language() == "pl", "the link remembers Polish")


browser.run(driver, shots, steps)
