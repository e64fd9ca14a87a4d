"""Drives the claims handlers' pages in headless Chromium, as a handler would, and checks what they see.

Usage: handler_pages.py BASE_URL HANDLER_TOKEN DRIVER_TOKEN INJURED_CRASH_ID PLAIN_CRASH_ID SCREENSHOT_DIR

Prints one line per check passed; exits 1 with the failed check's words on the first that fails.
"""
import os
import sys
import traceback

import browser

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, token, driver_token, injured_crash, plain_crash, shots = sys.argv[1:7]


check = browser.check


driver = browser.start()


def navigating(action):
    browser.navigating(driver, action)


def active():
    return driver.switch_to.active_element


def tab_order(count):
    """The ids (or tag and text) of the next `count` elements Tab reaches."""
    reached = []
    for _ in range(count):
        active().send_keys(Keys.TAB)
        element = active()
        reached.append(element.get_attribute("id") or element.tag_name + ":" + element.text.strip()[:30])
    return reached


try:
    # Not signed in: the pages send to the sign-in form, the token field focused.
    driver.get(base + "/handler/claims")
    check(driver.current_url.endswith("/handler/sign-in"), "a page asked without a session leads to the sign-in form")
    check(active().get_attribute("id") == "token", "the token field has the focus")
    label = driver.find_element(By.CSS_SELECTOR, "label[for=token]")
    check(label.text == "Handler token", "the token field has its label")

    # A wrong token is refused on the page, saying what to do.
    navigating(lambda: driver.find_element(By.ID, "token").send_keys("ca_not-a-token" + Keys.ENTER))
    alert = driver.find_element(By.CSS_SELECTOR, "[role=alert]")
    check("not one this server knows" in alert.text, "a wrong token is refused with a sentence")
    check(driver.find_element(By.ID, "token").get_attribute("aria-invalid") == "true", "the field says it was refused")

    # A driver's token is a real token, but not a handler's.
    navigating(lambda: driver.find_element(By.ID, "token").send_keys(driver_token + Keys.ENTER))
    check("need a claims handler" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text, "a driver's token cannot sign in")

    # The right one signs in, with a cookie scripts cannot read and other sites cannot send.
    navigating(lambda: driver.find_element(By.ID, "token").send_keys(token + Keys.ENTER))
    check(driver.current_url.endswith("/handler/claims"), "signing in leads to the list")
    cookie = driver.get_cookie("ca_handler_session")
    check(cookie is not None and cookie["httpOnly"] and cookie.get("sameSite") == "Strict", "the session cookie is HttpOnly and SameSite=Strict")
    check(driver.execute_script("return document.cookie") == "", "no cookie is visible to scripts")
    check(driver.execute_script("return document.scripts.length") == 0, "the page holds no script")

    # The list: both reports, the injured one marked in words, not colour alone.
    rows = driver.find_elements(By.CSS_SELECTOR, "tbody tr")
    check(len(rows) == 2, "the list shows both submitted reports")
    injured_row = next(row for row in rows if injured_crash in row.text)
    plain_row = next(row for row in rows if plain_crash in row.text)
    check("injured" in injured_row.get_attribute("class") and "Injured:" in injured_row.text, "who was injured is highlighted, in words")
    check("injured" not in (plain_row.get_attribute("class") or "") and "Waiting" in plain_row.text, "an unhurt, unacknowledged report says Waiting")
    headers = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "thead th")]
    check(headers == ["Crash", "When", "Where", "Injured", "Driver", "Submitted", "Claim"], "the table's columns have headers")
    driver.save_screenshot(os.path.join(shots, "handler-list.png"))

    # The report: every photo shown, the note as text, the map and the PDF linked.
    navigating(lambda: injured_row.find_element(By.LINK_TEXT, injured_crash).click())
    check(driver.find_element(By.TAG_NAME, "h1").text == "Crash " + injured_crash, "the report page names the crash")
    images = driver.find_elements(By.CSS_SELECTOR, "article img")
    check(len(images) == 2, "both photos are on the page")
    for image in images:
        check(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image), "the photo " + image.get_attribute("alt") + " loaded")
    sections = [h3.text for h3 in driver.find_elements(By.CSS_SELECTOR, "article h3")]
    check(any(s.startswith("Other driver's licence and insurance documents: 1 photo") for s in sections), "photos are shown by section")
    note = driver.find_element(By.XPATH, "//h3[text()='Additional note']/following-sibling::p[1]")
    check(note.text == "Hit me <script>alert('x')</script> & drove off", "text from the report is shown as text")
    headings = [h2.text for h2 in driver.find_elements(By.CSS_SELECTOR, "article h2")]
    check("Other parties" in headings and headings.index("Other parties") == headings.index("Who was injured") + 1, "the other parties follow who was injured")
    property_line = driver.find_element(By.XPATH, "//h3[text()='2. Property']/following-sibling::*[1]")
    check(
        "1. Cyclist" in sections and "2. Property" in sections
        and "<img src=x onerror=alert(1)> lamp post" in property_line.text and "City & Co" in property_line.text
        and len(driver.find_elements(By.CSS_SELECTOR, "article img")) == 2,
        "the other parties are listed, numbered, their text as text",
    )
    vehicle_line = driver.find_element(By.XPATH, "//h3[text()='3. Another motor vehicle']/following-sibling::*[1]")
    check(
        "Carl Third" in vehicle_line.text and "C-DE 345" in vehicle_line.text and "Also touched" in vehicle_line.text
        and "vehicle B" in vehicle_line.text and "the driver" in vehicle_line.text,
        "another vehicle says who in it was hurt and which vehicles it also touched",
    )
    hurt = driver.find_element(By.XPATH, "//h2[text()='Who was injured']/following-sibling::*[1]")
    check("Driver of party 3" in hurt.text and "Eva Kovács" in hurt.text, "who was injured names the cyclist and the third vehicle's driver")
    try:
        driver.switch_to.alert
        check(False, "no script from the report ran")
    except NoAlertPresentException:
        check(True, "no script from the report ran")
    check(driver.execute_script("return document.scripts.length") == 0, "the report page holds no script")
    map_link = driver.find_element(By.PARTIAL_LINK_TEXT, "OpenStreetMap")
    check("mlat=47.497900" in map_link.get_attribute("href"), "the scene is linked on a map")
    check(driver.find_element(By.LINK_TEXT, "The PDF the driver shares").get_attribute("href").endswith("/report.pdf"), "the PDF is linked")

    # The acknowledge form: labelled fields in a sensible order.
    driver.find_element(By.ID, "claimNumber").click()
    order = tab_order(2)
    check(order[0] == "message" and order[1].startswith("button:"), "Tab goes from the claim number to the message to the button")
    check(driver.find_element(By.CSS_SELECTOR, "label[for=claimNumber]").text == "Claim number", "the claim number has its label")

    # A claim number the insurer cannot have is refused, keeping what was typed.
    driver.find_element(By.ID, "claimNumber").send_keys("2026 <b>")
    driver.find_element(By.ID, "message").send_keys("We will call you today.\nKeep the photos.")
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, ".acknowledge button").click())
    check("letters, digits" in driver.find_element(By.CSS_SELECTOR, ".acknowledge [role=alert]").text, "a bad claim number is refused naming the rule")
    check(driver.find_element(By.ID, "claimNumber").get_attribute("value") == "2026 <b>", "the typed claim number is kept")
    check(driver.find_element(By.ID, "message").get_attribute("value") == "We will call you today.\nKeep the photos.", "the typed message is kept")

    # The same form posted without its CSRF value (as another site would post it) is refused, and nothing is saved.
    page = driver.current_url.split("?")[0].removesuffix("/acknowledge")
    driver.execute_script("document.querySelector('.acknowledge input[name=csrf]').remove()")
    field = driver.find_element(By.ID, "claimNumber")
    field.clear()
    field.send_keys("EVIL-1")
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, ".acknowledge button").click())
    check("nothing was saved" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text, "a form without its CSRF value is refused")
    driver.get(page)
    check(driver.find_element(By.ID, "acknowledge-heading").text == "Acknowledge", "and the report is not acknowledged")

    field = driver.find_element(By.ID, "claimNumber")
    field.clear()
    field.send_keys("2026-04417")
    driver.find_element(By.ID, "message").send_keys("We will call you today.\nKeep the photos.")
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, ".acknowledge button").click())
    check("Acknowledged with claim 2026-04417" in driver.find_element(By.CSS_SELECTOR, "[role=status]").text, "acknowledging says so")
    check(driver.find_element(By.ID, "acknowledge-heading").text == "Acknowledged", "the report reads as acknowledged")
    driver.save_screenshot(os.path.join(shots, "handler-report.png"))
    driver.set_window_size(1280, 3000)
    driver.save_screenshot(os.path.join(shots, "handler-report-full.png"))
    driver.set_window_size(1280, 1000)

    navigating(lambda: driver.find_element(By.LINK_TEXT, "All submitted reports").click())
    injured_row = next(row for row in driver.find_elements(By.CSS_SELECTOR, "tbody tr") if injured_crash in row.text)
    check("2026-04417" in injured_row.text, "the list shows the claim number")
    navigating(lambda: driver.find_element(By.LINK_TEXT, "Waiting for a claim number").click())
    check(injured_crash not in driver.find_element(By.TAG_NAME, "main").text, "the waiting list no longer holds it")

    # Signing out ends the session: the pages lead to the sign-in form again.
    navigating(lambda: driver.find_element(By.CSS_SELECTOR, ".signout button").click())
    check(driver.current_url.endswith("/handler/sign-in"), "signing out leads to the sign-in form")
    driver.get(base + "/handler/claims")
    check(driver.current_url.endswith("/handler/sign-in"), "after signing out the list needs signing in again")
except Exception as failure:
    print("FAILED: " + repr(failure)[:2000], flush=True)
    print(traceback.format_exc()[-3000:], flush=True)
    print("screenshot: " + os.path.join(shots, "handler-failure.png"), flush=True)
    driver.save_screenshot(os.path.join(shots, "handler-failure.png"))
    print(driver.page_source[:4000])
    sys.exit(1)
finally:
    driver.quit()
