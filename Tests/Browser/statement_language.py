"""The other driver's phone is set to German: the link's form, the review and signing are in German; the page's own
language link switches to Polish, which the link remembers; their copy of the statement downloads in Polish.

Usage: statement_language.py LINK SMS_CENTRE_LOG EXPECTED_JSON COPY_PATH SCREENSHOT_DIR

EXPECTED_JSON holds the words the pages should show in each language (from the product's catalogs). Prints one line
per check passed; exits 1 with the failed check's words on the first that fails.
"""
import json
import os
import sys
import time
import urllib.request

import browser

from selenium.webdriver.common.by import By

link, sms_log, expected_path, copy_path, shots = sys.argv[1:6]
expected = json.load(open(expected_path, encoding="utf-8"))
de, pl = expected["de"], expected["pl"]
PHONE = "4915123456789"

check = browser.check
driver = browser.start(window="390,844", languages="de-DE,de")


def navigating(action):
    browser.navigating(driver, action)


def field(name):
    return browser.field(driver, name)


def heading():
    return browser.heading(driver)


def language():
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def button(words):
    return driver.find_element(By.XPATH, "//button[contains(., '%s')]" % words.replace("'", "’"))


def codes_received():
    return browser.codes_received(sms_log, PHONE)


def steps():
    driver.get(link)
    check(language() == "de", "a German browser gets the form in German (html lang=de)")
    check(heading() == de["formTitle"], "the form's heading is German")
    check(de["sendMyPart"] in driver.find_element(By.CSS_SELECTOR, "button[type=submit]").text, "its button is German")
    boxes = [" ".join(element.text.split()) for element in driver.find_elements(By.CSS_SELECTOR, "label.box")]
    check(len(boxes) == 17 and boxes[7] == "8 " + de["box8"], "box 8 says what the German form says, under its number: " + repr(boxes[7:8]))
    field("policyholderName").send_keys("Hans Müller")
    field("policyholderPhone").send_keys("+49 151 2345 6789")
    field("driverName").send_keys("Greta Müller")
    field("plate").send_keys("M-AB 1234")
    driver.find_element(By.ID, "c8").click()
    driver.save_screenshot(os.path.join(shots, "language-form-de.png"))
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click())

    check(heading() == de["reviewTitle"], "the review is in German")
    article = driver.find_element(By.CSS_SELECTOR, "article.statement").text
    article = " ".join(article.split())
    check(de["circumstances"] in article and de["box8"] in article, "the statement under review speaks German, box 8 included")
    check(driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the German review fits the phone's width")
    driver.save_screenshot(os.path.join(shots, "language-review-de.png"))

    # The review in Polish too (the page's own link), looked at on the phone's screen, then German again.
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "nav.languages a[hreflang=pl]").click())
    check(language() == "pl" and heading() == pl["reviewTitle"], "the review switches to Polish")
    check(driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the Polish review fits the phone's width")
    driver.save_screenshot(os.path.join(shots, "language-review-pl.png"))
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, "nav.languages a[hreflang=de]").click())
    check(language() == "de", "and back to German")

    before = len(codes_received())
    navigating(lambda: button(de["textACode"]).click())
    status = driver.find_element(By.CSS_SELECTOR, "[role=status]")
    check(de["codeTexted"] in status.text, "asking for a code is answered in German")
    check(driver.execute_script("const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight;", field("code")),
          "the page opens where the code is typed")
    driver.save_screenshot(os.path.join(shots, "language-code-de.png"))
    deadline = time.time() + 30
    while len(codes_received()) <= before and time.time() < deadline:
        time.sleep(0.1)
    codes = codes_received()
    check(len(codes) > before, "the SMS centre received the code")
    field("code").send_keys(codes[-1])
    navigating(lambda: button(de["signButton"]).click())
    check(heading() == de["signedTitle"], "signed, in German")
    driver.save_screenshot(os.path.join(shots, "language-signed-de.png"))

    # The page's own link to Polish: no script, remembered for this link.
    switch = driver.find_element(By.CSS_SELECTOR, "nav.languages a[hreflang=pl]")
    check(switch.text == "Polski", "the switch offers Polish by its own name")
    navigating(lambda: switch.click())
    check(language() == "pl" and heading() == pl["signedTitle"], "the page's link switches to Polish")
    driver.get(link)
    check(language() == "pl", "the link remembers Polish though the browser asks for German")
    check(driver.find_element(By.CSS_SELECTOR, "nav.languages a[aria-current]").text == "Polski", "the switch marks the language in use")
    driver.save_screenshot(os.path.join(shots, "language-signed-pl.png"))

    copy = driver.find_element(By.CSS_SELECTOR, "a.button[download]")
    check(pl["download"] in copy.text, "the download is offered in Polish")
    href = copy.get_attribute("href")
    # The copy as the browser downloads it: with the browser's cookies and languages.
    cookies = "; ".join("%s=%s" % (c["name"], c["value"]) for c in driver.get_cookies())
    request = urllib.request.Request(href, headers={"Cookie": cookies, "Accept-Language": "de-DE,de"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        check(answer.status == 200 and answer.headers["Content-Type"] == "application/pdf", "the copy downloads")
        check(answer.headers["Content-Disposition"].endswith('-pl.pdf"'), "the copy is the Polish one")
        with open(copy_path, "wb") as out:
            out.write(answer.read())
    print("copy: " + href, flush=True)


browser.run(driver, shots, steps)
