"""Every desk page of every role fits a 360 px phone and a 1280 px desk screen, in English, Hindi
and Bengali, with the longest values the office keeps: amounts in lakhs (₹12,34,567-15-11),
names of 60 characters, long village and pound names. In headless Chromium (tests/browser.py):
the page never scrolls sideways (`scrollWidth` within the viewport), and nothing in a card
(`.card`) reaches past the card's edges, boxes or text. A table may scroll inside its own box
(`.table-wrap`, overflow-x: auto); that box stays within the page and its card.

With `--browser-shots DIR` a few pages are saved as the docs' images of the longest values
(docs/desk.md)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from office.acts.complainant.case import file_case
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.complaint import admit_complaint
from office.acts.magistrate.fund_payment import pay_from_fund
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.jurisdiction import load_jurisdiction_text
from office.people import person_by_phone
from office.views.worklists import seizure_brief
from tests.browser import HEIGHT, WIDTHS, Live, Shots
from tests.desk.client import last_code, last_outbox_id
from tests.units import act
from tests.world import DISTRICT, World

pytestmark = pytest.mark.browser

D = date
LANGS = ("en", "hi", "bn")

# Names of 60 characters, in each script the office takes them in.
KEEPER = "Kallu Ramprasad Chaurasia Vishwakarma, keeper at Testpur gate"
POLICE = "Chandan Singh Raghuvanshi, head constable of Testpur thana no"
DAROGAH = "Dinanath Bhagwati Prasad Tripathi, Darogah of Testpur thana 1"
MAGISTRATE = "Mehta Hariharnath Chandrashekhar, Magistrate of Testpur zilla"
OVERSEER = "Omprakash Narayan Dutt Bhardwaj, overseer of the Ganges canal"
OWNER = "मोहनलाल रामस्वरूप चौरसिया विश्वकर्मा पुत्र शिवनंदन प्रसाद वर्मा जी"
PAYER = "মোহনলাল রামস্বরূপ চৌরাসিয়া বিশ্বকর্মা পুত্র শিবনন্দন প্রসাদ বর্মা"
BUYER = "Rameshchandra Gopalprasad Guptavishwakarmachaurasiyashrivasta"
POUND = "Testpur thana pound by the old grain market on the Sadar road"
POUND_HI = "टेस्टपुर थाना कांजी हाउस, पुरानी अनाज मंडी के पास सदर सड़क पर"
POUND_BN = "টেস্টপুর থানা খোঁয়াড়, পুরনো শস্য বাজারের পাশে সদর রাস্তার ধারে"
VILLAGE = "Chhotarampurkhurdurfbadatalabwalapurwa"
VILLAGE_HI = "छोटारामपुरखुर्दउर्फबड़ातालाबवालापुरवा"
VILLAGE_BN = "ছোটরামপুরখুর্দউর্ফবড়াতালাববালাপুরওয়া"
DISTRICT_NAME = "Testpur Sadar with Chhotarampur Khurd and the Badatalab parganas"
DISTRICT_HI = "टेस्टपुर सदर, छोटारामपुर खुर्द और बड़ातालाब परगनों सहित ज़िला"
DISTRICT_BN = "টেস্টপুর সদর, ছোটরামপুর খুর্দ আর বড়তালাব পরগনা নিয়ে জেলা"
PLACE = "the sugarcane field east of the old well beyond the mango grove by the canal"
# Feeding rates that bring a seizure's dues to lakhs in a fortnight.
RATES = ("buffalo", "camel", "Rs 45678-15-11"), ("cow", "calf", "Rs 9999-15-11")

LONG_DISTRICT = (
    DISTRICT.replace(
        'name = "Testpur"\n',
        f'name = "{DISTRICT_NAME}"\nnames = {{ hi = "{DISTRICT_HI}", bn = "{DISTRICT_BN}" }}\n',
    )
    .replace('name = "Testpur thana pound"', f'name = "{POUND}"')
    .replace(
        'villages = ["Rampur", "Kemri"]',
        'villages = ["Rampur", "Kemri", '
        f'{{ name = "{VILLAGE}", names = {{ hi = "{VILLAGE_HI}", bn = "{VILLAGE_BN}" }} }}]',
    )
    .replace(
        f'name = "{POUND}"\n',
        f'name = "{POUND}"\nnames = {{ hi = "{POUND_HI}", bn = "{POUND_BN}" }}\n',
    )
    .replace('"Keeper Kallu"', f'"{KEEPER}"')
    .replace('"Constable Chandan"', f'"{POLICE}"')
    .replace('"Darogah Dinanath"', f'"{DAROGAH}"')
    .replace('"Magistrate Mehta"', f'"{MAGISTRATE}"')
    .replace('"Overseer Om"', f'"{OVERSEER}"')
    .replace('per_day = "0-1-0"', 'per_day = "45678-15-11"')
    .replace('per_day = "0-0-9"', 'per_day = "9999-15-11"')
)
HERD = [AnimalsIn("buffalo", 3, "black, a white star on the forehead, left horn broken")]
SEIZED_OWNER = PersonIn(OWNER, VILLAGE, "+919555555555")
BIG = "Rs 1234567-15-11"
PHONES = {
    "keeper": "+919000000001",
    "police": "+919000000003",
    "darogah": "+919000000004",
    "magistrate": "+919000000005",
    "road_officer": "+919000000006",
}

# Where each page is measured: its text, or an element's box, past the page's or its card's
# edges. A box inside one that scrolls sideways of itself (a table's) is that box's to hold.
FIT_JS = """() => {
  const out = {width: document.documentElement.scrollWidth, viewport: window.innerWidth,
               overflows: []};
  const scrolls = el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const label = n => {
    const el = n.nodeType === Node.TEXT_NODE ? n.parentElement : n;
    const text = (n.textContent || '').trim().slice(0, 40);
    return el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' + text + '"';
  };
  for (const card of document.querySelectorAll('.card')) {
    const box = card.getBoundingClientRect();
    const walk = document.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      let inner = false;
      for (let p = n.parentElement; p && p !== card; p = p.parentElement) {
        if (scrolls(p)) { inner = true; break; }
      }
      if (inner) continue;
      let rects;
      if (n.nodeType === Node.TEXT_NODE) {
        if (!n.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        rects = [...range.getClientRects()];
      } else {
        rects = [n.getBoundingClientRect()];
      }
      for (const r of rects) {
        if (r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) {
          out.overflows.push(label(n) + ' reaches ' + Math.round(r.left) + '..' +
                             Math.round(r.right) + ' past its card ' + Math.round(box.left) +
                             '..' + Math.round(box.right));
          break;
        }
      }
    }
  }
  return out;
}"""

# The pages saved as the docs' images of the longest values (docs/desk.md).
DOC_SHOTS = {("bn", "keeper-today"), ("en", "keeper-payment"), ("hi", "magistrate-fund")}


@dataclass
class Long:
    """The records the pages list, several of each; a form is sent for the first, and its
    answer measured at each width."""

    expected: list[str]
    held: list[str]
    sale_due: list[str]
    complaints: list[int]
    case_id: int


def seize(world: World, *, registered: bool = True) -> str:
    done = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village=VILLAGE,
        place=PLACE,
        damage="ate and trampled the young cane of two bighas and broke the fence of thorns",
        seizer=None,
        owner=SEIZED_OWNER,
        animals=HERD,
        occurred_at=world.now,
        now=world.now,
    )
    if registered:
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=done.ref,
            occurred_at=world.tick(minutes=30),
            now=world.now,
        )
    return done.ref


def long_world(world: World) -> Long:
    """The test district again with names of 60 characters and feeding rates that make lakhs,
    and a record of every kind each page lists, all of the longest values."""
    act(world.db, load_jurisdiction_text, LONG_DISTRICT, now=world.now, origin="testpur.toml")
    world.on(D(2026, 3, 1), 9)
    sale_due = [seize(world) for _ in WIDTHS]
    held = [seize(world) for _ in range(len(WIDTHS) + 2)]
    world.on(D(2026, 3, 2), 9)
    later = seize(world)
    world.on(D(2026, 3, 5), 9)
    awaiting = seize(world)
    world.on(D(2026, 3, 9), 10)
    for ref in sale_due:
        act(
            world.db, report_unclaimed, actor_id=None, ref=ref, occurred_at=world.now, now=world.now
        )
        act(
            world.db,
            post_notice,
            actor_id=world.darogah,
            ref=ref,
            proclaimed_in=[VILLAGE, POUND],
            occurred_at=world.tick(minutes=5),
            now=world.now,
        )
    world.on(D(2026, 3, 10), 10)
    act(world.db, report_unclaimed, actor_id=None, ref=later, occurred_at=world.now, now=world.now)
    world.on(D(2026, 3, 12), 10)
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=later,
        proclaimed_in=[VILLAGE, POUND],
        occurred_at=world.now,
        now=world.now,
    )
    complained = [seize(world) for _ in range(len(WIDTHS) + 1)]
    world.on(D(2026, 3, 13), 10)
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=awaiting,
        occurred_at=world.now,
        now=world.now,
    )
    complaints = []
    for ref in complained:
        complaints.append(
            act(
                world.db,
                file_complaint,
                actor_id=SEIZED_OWNER,
                ref=ref,
                text="मेरी भैंसें सड़क के किनारे चर रही थीं, किसी के खेत में नहीं गईं; " * 3,
                occurred_at=world.tick(minutes=5),
                now=world.now,
            ).complaint_id
        )
    world.on(D(2026, 3, 14), 10)
    for cid in complaints[: len(WIDTHS)]:
        act(
            world.db,
            admit_complaint,
            actor_id=world.magistrate,
            complaint_id=cid,
            hearing=f"the 20th of March at eleven, at the Sadar court of {MAGISTRATE}",
            occurred_at=world.tick(minutes=5),
            now=world.now,
        )
    case_id = act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="pigs",
        accused=PersonIn(BUYER, VILLAGE, "+919777777771"),
        village=VILLAGE,
        description="his pigs rooted up my sugar-cane " * 4,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 3, 17), 9)
    expected = [seize(world, registered=False) for _ in WIDTHS]
    world.on(D(2026, 3, 17), 10)
    paid = held.pop()
    due = seizure_brief(world.db, ref=paid, now=world.now).total
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=paid,
        amount=due,
        payer=None,
        agent_name=PAYER,
        occurred_at=world.now,
        now=world.now,
    )
    act(
        world.db,
        pay_from_fund,
        actor_id=world.magistrate,
        district="TESTPUR",
        purpose="pound",
        pound="TPR",
        order="आदेश 4: पूर्वी दीवार की मरम्मत, कांजी हाउस के फाटक और चारे के गोदाम की छत",
        payee=PersonIn(BUYER, VILLAGE, "+919444444444"),
        amount=100,
        occurred_at=world.tick(minutes=5),
        now=world.now,
    )
    world.on(D(2026, 3, 17), 11)
    return Long(expected, held, sale_due, complaints, case_id)


@dataclass
class Fit:
    """Each page measured: its width at each viewport, and what ran out."""

    lang: str
    shots: Shots
    widths: dict[str, dict[int, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def measure(self, page: Page, name: str, width: int) -> None:
        assert page.locator("html").get_attribute("lang") == self.lang, (name, page.url)
        found: dict[str, Any] = page.evaluate(FIT_JS)
        self.widths.setdefault(name, {})[width] = int(found["width"])
        where = f"{name} ({self.lang}, {width} px)"
        if found["width"] > found["viewport"]:
            self.failures.append(f"{where}: {found['width']} px wide")
        self.failures.extend(f"{where}: {o}" for o in found["overflows"][:5])
        if (self.lang, name) in DOC_SHOTS:
            self.shots.save(page, f"long-{name}-{self.lang}-{width}")

    def both(self, page: Page, name: str) -> None:
        """The page as loaded, measured at each width (the viewport resized: no page here lays
        itself out by script, so a resized page is laid out as one loaded at that width)."""
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            self.measure(page, name, width)

    def answered(self, page: Page, selector: str) -> None:
        """The form sent, and its answer is the page with `selector`, not a refusal."""
        page.wait_for_load_state()
        refusal = page.locator(".refusal")
        assert page.locator(selector).count(), refusal.inner_text() if refusal.count() else page.url

    def go(self, page: Page, url: str, name: str) -> None:
        page.goto(url, wait_until="load")
        self.both(page, name)


@contextmanager
def desk(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT}, locale="en-IN")
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def signed_out(page: Page) -> Page:
    """The page again as a fresh one (no cookies, at the narrow width) for the next officer to
    sign in: a new browser context each time cost Chromium a new renderer."""
    page.context.clear_cookies()
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    return page


def sign_in(page: Page, live: Live, world: World, role: str, fit: Fit) -> None:
    phone = PHONES[role]
    with world.db.reading() as s:
        person = person_by_phone(s, phone)
        assert person is not None and person.id is not None
        person_id = person.id
    fit.go(page, f"{live.url}/desk/sign-in?lang={fit.lang}", "sign-in")
    after = last_outbox_id(world)
    page.fill("#phone", phone)
    page.click("button[type=submit] >> nth=-1")
    page.wait_for_url("**/desk/sign-in/code**")
    fit.both(page, "code")
    page.fill("#code", last_code(world, person_id, after=after))
    page.click("form[action='/desk/sign-in/code'] button[type=submit]")
    page.wait_for_url("**/desk")
    fit.both(page, f"{role}-home")


@pytest.mark.parametrize("lang", LANGS)
def test_every_desk_page_fits_a_phone_and_a_desk_screen(
    world: World, live: Live, browser: Browser, shots: Shots, lang: str
) -> None:
    long = long_world(world)
    fit = Fit(lang, shots)
    base = live.url + "/desk"
    with desk(browser) as page:
        sign_in(page, live, world, "police", fit)
        fit.go(page, f"{base}/police/TESTPUR", "police")
        page.click(f"form[action$='/conveyance/{long.expected[0]}'] button[type=submit]")
        page.wait_for_load_state()
        fit.both(page, "police-confirmed")
        signed_out(page)
        sign_in(page, live, world, "keeper", fit)
        fit.go(page, f"{base}/keeper/TPR", "keeper-today")
        fit.go(page, f"{base}/keeper/TPR/register", "keeper-register")
        fit.go(page, f"{base}/keeper/TPR/register?village={VILLAGE}", "keeper-register-found")
        fit.go(page, f"{base}/keeper/TPR/refusal/{long.held[-1]}", "keeper-refusal")
        fit.go(page, f"{base}/keeper/TPR/loss/{long.held[-1]}", "keeper-loss")
        fit.go(page, f"{base}/keeper/DHK", "keeper-refused")
        fit.go(page, f"{base}/keeper/TPR/arrival/{long.expected[0]}", "keeper-arrival")
        page.click("form[action*='/arrival/'] button[type=submit]")
        fit.answered(page, "#done")
        fit.both(page, "keeper-arrival-done")
        fit.go(page, f"{base}/keeper/TPR/payment/{long.held[0]}", "keeper-payment")
        page.click("form[action*='/payment/'] button[type=submit]")
        fit.answered(page, "#document")
        fit.both(page, "keeper-payment-done")
        signed_out(page)
        sign_in(page, live, world, "darogah", fit)
        fit.go(page, f"{base}/darogah/TESTPUR", "darogah")
        ref = long.sale_due[0]
        fit.go(page, f"{base}/darogah/TESTPUR/sale/{ref}", "darogah-sale")
        for n in (1, 2, 3):
            page.check(f"input[name='sell-{n}']")
            page.fill(f"#buyer-{n}", BUYER)
            page.fill(f"#residence-{n}", VILLAGE)
            page.fill(f"#price-{n}", BIG)
        page.fill("#expenses", "Rs 12345-15-11")
        page.fill("#place", POUND)
        fit.both(page, "darogah-sale-filled")
        page.click(f"form[action$='/sale/{ref}'] button[type=submit]")
        fit.answered(page, f"a[href^='/documents/account/{ref}.pdf']")
        fit.both(page, "darogah-account")
        signed_out(page)
        sign_in(page, live, world, "magistrate", fit)
        m = f"{base}/magistrate/TESTPUR"
        fit.go(page, m, "magistrate")
        fit.go(page, f"{m}/complaints", "magistrate-complaints")
        cid = long.complaints[0]
        page.select_option(f"#outcome-{cid}", "illegal")
        page.fill(f"#reasons-{cid}", "The buffaloes were on the road, not in the field. " * 3)
        page.fill(f"#damages-{cid}", "Rs 99-15-11")
        page.click(f"form[action$='/complaints/{cid}/decision'] button[type=submit]")
        fit.answered(page, f"a[href^='/documents/decision/{cid}.pdf']")
        fit.both(page, "magistrate-decision")
        for name, path in (
            ("releases", "/releases"),
            ("cases", "/cases"),
            ("case", f"/cases/{long.case_id}"),
            ("fund", "/fund"),
            ("rates", "/rates"),
            ("district", "/district"),
            ("returns", "/returns"),
            ("charts", "/charts"),
            ("charts-year", "/charts?period=2026"),
        ):
            fit.go(page, m + path, f"magistrate-{name}")
        signed_out(page)
        # An officer of the district with no pound or thana reads its fund and register.
        sign_in(page, live, world, "road_officer", fit)
        fit.go(page, f"{base}/magistrate/TESTPUR/fund", "officer-fund")
        fit.go(page, f"{base}/keeper/TPR/register", "officer-register")
        fit.go(page, f"{base}/darogah/TESTPUR", "officer-refused")
    print(f"\nwidths ({lang}):")  # noqa: T201 (read with -s)
    for name, at in fit.widths.items():
        line = ", ".join(f"{at[w]} at {w}" for w in sorted(at))
        print(f"  {name}: {line}")  # noqa: T201
    assert not fit.failures, "pages that do not fit:\n" + "\n".join(fit.failures)
