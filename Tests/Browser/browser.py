"""What the browser scripts share: headless Chromium through its WebDriver, waiting for the page an action leads to,
and how a script ends when a check fails."""
import os
import re
import sys
import traceback
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait


def check(condition, words):
    """Says `words` when `condition` holds; else fails the script with them."""
    if not condition:
        raise AssertionError(words)
    print("ok: " + words, flush=True)


def start(window="1280,1000", languages=None):
    """Headless Chromium with a window of `window` (width,height: a desktop's by default, a phone's when asked), asking
    for `languages` (an Accept-Language list such as "de-DE,de") when given; a missing element is waited for up to 10 s."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=" + window]:
        options.add_argument(argument)
    if languages:
        options.add_argument("--lang=" + languages.split(",")[0])
        options.add_experimental_option("prefs", {"intl.accept_languages": languages})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"))
    driver.set_page_load_timeout(30)
    driver.implicitly_wait(10)
    return driver


def navigating(driver, action):
    """Does `action` (a click, a key that submits a form) and waits for the page it leads to."""
    page = driver.find_element(By.TAG_NAME, "html")
    action()
    # While the next page loads, asking about the old one can fail as a whole (its document is going away): ask again.
    WebDriverWait(driver, 30, ignored_exceptions=[WebDriverException]).until(expected_conditions.staleness_of(page))


def run(driver, shots, steps):
    """Runs `steps`; a failure is printed with where it happened and a screenshot kept (the script then exits 1).
    The browser is closed either way."""
    try:
        steps()
    except Exception as failure:
        print("FAILED: " + repr(failure)[:2000], flush=True)
        print(traceback.format_exc()[-3000:], flush=True)
        path = os.path.join(shots, "failure.png")
        driver.save_screenshot(path)
        print("screenshot: " + path, flush=True)
        sys.exit(1)
    finally:
        driver.quit()


def field(driver, name):
    """The form field named `name`."""
    return driver.find_element(By.NAME, name)


def heading(driver):
    """The page's first-level heading."""
    return driver.find_element(By.TAG_NAME, "h1").text


def codes_received(sms_log, phone):
    """The codes to sign a statement the fake SMS centre (its log at `sms_log`) received for `phone`, oldest first."""
    try:
        with open(sms_log, encoding="utf-8", errors="replace") as log:
            lines = log.read().splitlines()
    except FileNotFoundError:
        return []
    found = []
    for line in lines:
        if "Got message" in line and phone in line:
            match = re.search(r"Crash Assistant: (\d{6})", urllib.parse.unquote_plus(line))
            if match:
                found.append(match.group(1))
    return found
