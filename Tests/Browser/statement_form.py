"""The other driver fills in their part of the accident statement on a phone-sized screen, from the link they were given.

Usage: statement_form.py LINK EXPIRED_LINK TAMPERED_LINK DRIVERS_OWN_TEXT SCREENSHOT_DIR

Prints one line per check passed; exits 1 with the failed check's words on the first that fails.
"""
import os
import sys

import browser

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

link, expired, tampered, drivers_own, shots = sys.argv[1:6]


check = browser.check
driver = browser.start(window="390,844")


def navigating(action):
    browser.navigating(driver, action)


def field(name):
    return driver.find_element(By.NAME, name)


def no_alert():
    try:
        driver.switch_to.alert
        return False
    except NoAlertPresentException:
        return True



def steps():
    # The link opens the form, which says when and where the crash was and nothing else of the driver's report.
    driver.get(link)
    check(driver.find_element(By.TAG_NAME, "h1").text == "Your part of the accident statement", "the link opens the form")
    check("Crash on " in driver.find_element(By.CSS_SELECTOR, ".crash").text, "the form says when and where the crash was")
    check(drivers_own not in driver.page_source, "nothing of the driver's own details is on the page")
    check(driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the page fits the phone's width")
    for element in driver.find_elements(By.CSS_SELECTOR, "input:not([type=hidden]), textarea"):
        element_id = element.get_attribute("id")
        labelled = bool(driver.find_elements(By.CSS_SELECTOR, "label[for='%s']" % element_id)) or bool(
            element.find_elements(By.XPATH, "ancestor::label"))
        if not labelled:
            raise AssertionError("the field %s has no label" % (element_id or element.get_attribute("name")))
    print("ok: every field has a label", flush=True)
    small = [label.text for label in driver.find_elements(By.CSS_SELECTOR, "label.option") if label.size["height"] < 44]
    check(not small, "every box and choice is at least 44 pixels tall (%s)" % small[:3])
    check(driver.find_element(By.CSS_SELECTOR, "button[type=submit]").size["height"] >= 44, "the send button is a large target")
    check(field("driverDateOfBirth").get_attribute("type") == "date", "dates use the phone's own date field, in its language's format")
    driver.save_screenshot(os.path.join(shots, "statement-form.png"))

    # A second tab holds the form too, to send it again after the first was sent.
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(link)
    second = driver.current_window_handle
    field("policyholderName").send_keys("Second tab")

    # A number no plan has is refused by the field; everything typed stays.
    name = "Hans <script>alert('x')</script> Müller"
    field("policyholderName").clear()
    field("policyholderName").send_keys(name)
    field("policyholderPhone").send_keys("+49 151 234")
    field("plate").send_keys("m-ab 1234")
    field("plateCountry").send_keys("de")
    field("insurer").send_keys("Allianz")
    driver.execute_script("arguments[0].value = '1990-06-12'", field("driverDateOfBirth"))
    driver.find_element(By.ID, "impact-rear-left").click()
    driver.find_element(By.ID, "c3").click()
    driver.find_element(By.ID, "c8").click()
    field("remarks").send_keys("I did not see it.\nSorry.")
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click())
    check("need" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text, "a refused field is announced")
    check(field("policyholderPhone").get_attribute("aria-invalid") == "true", "the phone field says it was refused")
    check("check its digits" in driver.find_element(By.ID, "policyholderPhone-error").text, "the refusal names the rule")
    check(field("policyholderName").get_attribute("value") == name, "what was typed is kept")
    check(driver.find_element(By.ID, "c8").is_selected() and driver.find_element(By.ID, "impact-rear-left").is_selected(),
          "the boxes and the point of impact are kept")
    check(no_alert(), "text with <script> is shown as text, never run")

    # Written as a German writes it at home: read with the plate's country.
    field("policyholderPhone").clear()
    field("policyholderPhone").send_keys("0151 2345 6789")
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click())
    check(driver.find_element(By.TAG_NAME, "h1").text == "Review and sign the accident statement",
          "the other driver's part is sent and the review follows")
    check("Your part is sent" in driver.find_element(By.CSS_SELECTOR, "[role=status]").text, "the review says the part was sent")
    driver.save_screenshot(os.path.join(shots, "statement-sent.png"))

    # The form still open in the other tab is refused: the link took its one answer, and shows the review instead.
    driver.switch_to.window(first)
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click())
    check(driver.find_element(By.TAG_NAME, "h1").text == "Review and sign the accident statement", "a second submission is refused")
    driver.get(link)
    check(driver.find_element(By.TAG_NAME, "h1").text == "Review and sign the accident statement", "the link opened again shows the review")

    driver.get(expired)
    check(driver.find_element(By.TAG_NAME, "h1").text == "This link has expired", "an expired link says so")
    driver.get(tampered)
    check(driver.find_element(By.TAG_NAME, "h1").text == "No such link", "a tampered link leads nowhere")

browser.run(driver, shots, steps)
