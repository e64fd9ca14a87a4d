"""The other driver, on a phone-sized screen, sends their part from the link, reviews the whole front side, and signs it
with the code texted to them (read from the fake SMS centre's log) after one wrong try — or declines it with a reason.

Usage: statement_signing.py LINK SMS_CENTRE_LOG sign|decline DRIVERS_OWN_TEXT SCREENSHOT_DIR

Prints one line per check passed, and `copy: URL` for the copy the page offers; exits 1 with the failed check's words
on the first that fails.
"""
import os
import sys
import time

import browser

from selenium.webdriver.common.by import By

link, sms_log, mode, drivers_own, shots = sys.argv[1:6]
PHONE = "4915123456789"


check = browser.check
driver = browser.start(window="390,844")


def navigating(action):
    browser.navigating(driver, action)


def field(name):
    return browser.field(driver, name)


def heading():
    return browser.heading(driver)


def fits():
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def in_view(element):
    """Whether the element is wholly within the window as it is scrolled now."""
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight;", element
    )


def headings_in_order():
    """Whether the page's headings never skip a level going down (h1, then h2, then h3)."""
    levels = driver.execute_script("return [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h => +h.tagName[1])")
    return levels[:1] == [1] and all(b <= a + 1 for a, b in zip(levels, levels[1:]))


def codes_received():
    """The codes the SMS centre received for the other driver's number, oldest first."""
    return browser.codes_received(sms_log, PHONE)


def steps():
    driver.get(link)
    check(heading() == "Your part of the accident statement", "the link opens the form")
    field("policyholderName").send_keys("Hans Müller")
    field("policyholderPhone").send_keys("+49 151 2345 6789")
    field("driverName").send_keys("Greta Müller")
    field("plate").send_keys("M-AB 1234")
    driver.find_element(By.ID, "impact-rear-left").click()
    driver.find_element(By.ID, "c8").click()
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click())

    # The review: the whole front side, the driver's column among it.
    check(heading() == "Review and sign the accident statement", "after sending their part the other driver reviews the statement")
    article = driver.find_element(By.CSS_SELECTOR, "article.statement").text
    check(drivers_own in article, "the review shows the driver's column (vehicle A) too")
    check("Greta Müller" in article and "M-AB 1234" in article, "the review shows their own column")
    check("12. Circumstances" in article and "8. striking the rear of the other vehicle" in article, "the review shows both sides' boxes")
    check("Point of initial impact" in article and "rear, left corner" in article, "the review shows the points of impact")
    check("5. Witnesses" in article and "14. Remarks" in article, "the review shows the witnesses and the remarks")
    check(fits(), "the review fits the phone's width")
    check(headings_in_order(), "the review's headings go down one level at a time")
    check(driver.execute_script("return [...document.querySelectorAll('th')].every(th => th.textContent.trim() !== '')"),
          "no table header is empty")
    asks = driver.find_element(By.CSS_SELECTOR, "section.asks").text
    check("Who asks you to sign" in asks and "ABC 123" in asks, "the review says who asks: the driver's name, plate and insurer")
    version = driver.find_element(By.CSS_SELECTOR, "details.digest")
    check(len(version.find_element(By.TAG_NAME, "summary").text.strip("…")) == 12 and not version.get_attribute("open"),
          "the version's 64 digits are kept behind a short form")
    # On a phone the columns stack: a vehicle's value stands under its row's label, never split mid-word.
    cell = driver.find_element(By.CSS_SELECTOR, "td[data-column]")
    check(driver.execute_script("return getComputedStyle(arguments[0]).display", cell) == "block", "the columns stack on a narrow screen")
    driver.save_screenshot(os.path.join(shots, "statement-review.png"))
    # The whole review in one picture, for a person to look at (the window as tall as the page, as wide as the phone).
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(390, min(height + 200, 12000))
    driver.save_screenshot(os.path.join(shots, "statement-review-whole.png"))
    driver.set_window_size(390, 844)

    if mode == "decline":
        field("reason").send_keys("I was not reversing.\nThe other car hit me.")
        navigating(lambda: driver.find_element(By.XPATH, "//button[contains(., 'Decline the accident statement')]").click())
        check(heading() == "You declined the accident statement", "the other driver declined")
        check("I was not reversing." in driver.find_element(By.CSS_SELECTOR, "[role=status]").text, "the page says the reason recorded")
    else:
        before = len(codes_received())
        navigating(lambda: driver.find_element(By.XPATH, "//button[contains(., 'Text a code to')]").click())
        status = driver.find_element(By.CSS_SELECTOR, "[role=status]")
        check("We texted a 6-digit code to +49" in status.text, "a code is texted")
        # The page opens where the code is typed, the message on screen with the field.
        check(driver.execute_script("return window.scrollY") > 0, "the page opens at the signing section, not its top")
        check(in_view(status) and in_view(field("code")), "the message and the code field are on screen together")
        driver.save_screenshot(os.path.join(shots, "statement-code-sent.png"))
        deadline = time.time() + 30
        while len(codes_received()) <= before and time.time() < deadline:
            time.sleep(0.1)
        codes = codes_received()
        check(len(codes) > before, "the SMS centre received the code for the number in vehicle B")
        code = codes[-1]
        check(field("code").get_attribute("autocomplete") == "one-time-code", "the code field offers the phone's one-time-code fill")
        wrong = "000000" if code != "000000" else "111111"
        field("code").send_keys(wrong)
        navigating(lambda: driver.find_element(By.XPATH, "//button[contains(., 'Sign the accident statement')]").click())
        check("4 more tries" in driver.find_element(By.ID, "code-error").text, "a wrong code is refused and the tries counted")
        check(in_view(driver.find_element(By.ID, "code-error")) and in_view(field("code")), "the refusal is on screen with the code field")
        check(field("code").get_attribute("aria-invalid") == "true", "the code field says it was refused")
        check(field("name").get_attribute("value") == "Greta Müller", "the name to sign with is offered from their column")
        field("code").send_keys(code)
        navigating(lambda: driver.find_element(By.XPATH, "//button[contains(., 'Sign the accident statement')]").click())
        check(heading() == "You signed the accident statement", "the right code signs")
        check("verified with the code texted to +49" in driver.find_element(By.CSS_SELECTOR, "[role=status]").text,
              "the page says how the signature was verified")
    # The signing record: the one act, as the server took it, under the page's own headings.
    acts = driver.find_elements(By.CSS_SELECTOR, ".signing-record li")
    check(len(acts) == 1, "the signing record lists the one act")
    if mode == "decline":
        check("1. Vehicle B: declined, through the link the driver gave them: I was not reversing." in acts[0].text,
              "the record says the decline, how it came and why")
    else:
        check("1. Vehicle B: signed by Greta Müller, with a one-time code texted to +49" in acts[0].text,
              "the record says who signed and how it was verified")
        check("The code's text message:" in acts[0].text, "the record says how the code's text message fared")
    check("the one in the statement now" in acts[0].text, "the record says the act is for the version shown")
    check(headings_in_order(), "the headings go down one level at a time")
    check(fits(), "the page fits the phone's width")
    driver.save_screenshot(os.path.join(shots, "statement-" + mode + ".png"))
    driver.set_window_size(390, min(driver.execute_script("return document.documentElement.scrollHeight") + 200, 12000))
    driver.save_screenshot(os.path.join(shots, "statement-" + mode + "-whole.png"))
    driver.set_window_size(390, 844)
    copy = driver.find_element(By.PARTIAL_LINK_TEXT, "Download your copy")
    href = copy.get_attribute("href")
    check(href.endswith("/statement.pdf") and copy.get_attribute("download") is not None, "the copy is offered as a download")
    print("copy: " + href, flush=True)


browser.run(driver, shots, steps)
