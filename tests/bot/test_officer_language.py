"""What an officer's chat shows of the record is in his language: the copy of a register entry
(Sec V), the owner's receipt (VII), the account of a sale (IX), the pound fund (XII), and a
refusal of what he typed. Only names, references and what people typed stay as written."""

from __future__ import annotations

import re
from datetime import date

import pytest
from sqlmodel import select

from bot.segments import texts_for
from bot.types import Channel
from models import Payment, RegisterEntry, Sale
from office.acts.keeper.unclaimed import report_unclaimed
from office.inputs import AnimalsIn
from tests.bot.test_magistrate_orders import with_fines
from tests.bot.test_officer_flows import DAROGAH, KEEPER, MAGISTRATE, Desk, impounded
from tests.chat import Chat
from tests.sms_segments import sms_segments
from tests.units import act
from tests.world import World

D = date
ENGLISH = re.compile(r"[A-Za-z]{2,}")
# Names and places of the test district, as people gave them; sections of the Act by numeral.
NAMES = (
    "Testpur thana pound",
    "Hari Singh",
    "Mohan Lal",
    "Ganga Ram",
    "Rampur",
    "Kemri",
    "red, white blaze",
)
SECTION = re.compile(r"\b[IVX]+\b")


def english_left(text: str, *also: str) -> list[str]:
    """The English words of `text` once the names, references and typed words are taken out."""
    for name in (*NAMES, *also):
        text = text.replace(name, " ")
    return ENGLISH.findall(SECTION.sub(" ", text))


def line_after(out: str, header: str) -> list[str]:
    """The lines of a reply after its header line, up to the next question."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header)) + 1
    return lines[start:]


def test_a_keeper_registering_an_arrival_in_hindi_reads_the_copy_in_hindi(world: World) -> None:
    desk = Desk(world)
    ref = world.seize()
    desk(KEEPER, "lang hi")
    out = desk(KEEPER, f"ARRIVE {ref}")
    # The people the office names, as the reader names them.
    assert "Rampur के Hari Singh द्वारा" in out and "मालिक: Kemri के Mohan Lal" in out
    assert english_left(out, ref, "the sugarcane field east of the well") == []
    out = desk(KEEPER, "1")
    [copy] = [line for line in out.splitlines() if "TPR/2026/1" in line and ref in line]
    assert copy.startswith("Testpur thana pound के रजिस्टर की प्रविष्टि TPR/2026/1 की नकल (धारा 5)")
    assert "1 मार्च 2026 08:00" in copy and "3 पशु" in copy
    assert "1. गाय, red, white blaze; 2. गाय, red, white blaze; 3. भैंस" in copy
    assert "ज़ब्त करने वाला: Rampur के Hari Singh" in copy and "मालिक: Kemri के Mohan Lal" in copy
    assert english_left(copy, ref, "TPR") == []
    # The register keeps its own copy, in the words it was written in.
    with world.db.reading() as s:
        kept = s.exec(select(RegisterEntry.copy_text)).one()
    assert kept.startswith("Copy of entry TPR/2026/1 in the register of Testpur")
    assert "3 head: 1-2. cow, red, white blaze; 3. buffalo" in kept


def test_the_copy_in_english_is_the_entry_in_words(world: World) -> None:
    desk = Desk(world)
    ref = world.seize()
    desk(KEEPER, f"ARRIVE {ref}")
    out = desk(KEEPER, "1")
    assert (
        "Copy of entry TPR/2026/1 in the register of Testpur thana pound (Sec V). Brought in "
        "March 1, 2026 08:00. 3 head: 1. cow, red, white blaze; 2. cow, red, white blaze; 3. "
        f"buffalo. Seizer: Hari Singh of Rampur. Owner: Mohan Lal of Kemri. Ref {ref}."
    ) in out


def test_a_receipt_is_read_in_bengali(world: World) -> None:
    desk = Desk(world)
    ref = impounded(world)
    world.on(D(2026, 3, 3), 11)
    desk(KEEPER, "lang bn")
    desk(KEEPER, f"release {ref}")
    out = desk(KEEPER, "হ্যাঁ")
    [receipt] = line_after(out, "মালিকের রসিদ")[:1]
    assert receipt.startswith(f"আটক {ref}-এর ৩টি পশু (নং ১, ২, ৩) ৩ মার্চ ২০২৬ তারিখে")
    assert "জরিমানা ₹১-০-০ ও খোরাকি ₹০-৭-৬, মোট ₹১-৭-৬ দিয়ে" in receipt
    assert receipt.endswith("স্বাক্ষর: Mohan Lal।")
    assert english_left(receipt, ref) == []
    with world.db.reading() as s:
        kept = s.exec(select(Payment.receipt)).one()
    assert kept.startswith("Received back 3 head (1, 2, 3) of seizure")
    assert "total Rs 1-7-6" in kept


def test_a_darogah_reads_the_account_of_a_sale_in_hindi(world: World) -> None:
    desk = Desk(world)
    ref = impounded(world, [AnimalsIn("cow", 1, "लाल"), AnimalsIn("buffalo", 1)])
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    desk(DAROGAH, "lang hi")
    desk(DAROGAH, "unclaimed")
    desk(DAROGAH, "1")
    desk(DAROGAH, "1")
    desk(DAROGAH, "रामपुर सोमवार बाज़ार")
    desk(DAROGAH, "हाँ")
    world.on(D(2026, 3, 17), 11)
    desk(DAROGAH, "auction")
    desk(DAROGAH, "1")
    desk(DAROGAH, "गंगा राम, केमरी")
    desk(DAROGAH, "9")
    desk(DAROGAH, "भोला, रामपुर, 95555 55556")
    desk(DAROGAH, "12")
    desk(DAROGAH, "0-8-0")
    assert "₹9-0-0" in desk(DAROGAH, "रामपुर बाज़ार")
    out = desk(DAROGAH, "हाँ")
    account = line_after(out, f"{ref} की बिक्री दर्ज हुई")[:7]
    assert account[0] == "1. पकड़े गए पशु: 2"
    assert account[1].startswith("2. कांजी हाउस में रहे: 17 दिन, 1 मार्च 2026 से 17 मार्च 2026")
    assert account[3] == "4. बिके पशु: 2"
    assert account[4] == "5. बिक्री से मिली रक़म: ₹21-0-0"
    assert account[5].startswith("6. रक़म कहाँ गई: बिक्री का ख़र्च ₹0-8-0")
    assert "मजिस्ट्रेट के पास जमा" in account[5]
    assert all(english_left(line, ref) == [] for line in account), account
    with world.db.reading() as s:
        kept = s.exec(select(Sale.account_text)).one()
    assert "5. Proceeds of sale: Rs 21-0-0" in kept


def test_the_magistrate_reads_the_fund_in_bengali(world: World) -> None:
    with_fines(world)
    desk = Desk(world)
    desk(MAGISTRATE, "lang bn")
    out = desk(MAGISTRATE, "fund")
    assert "₹১-০-০" in out and "Rs" not in out
    desk(MAGISTRATE, "pound")
    desk(MAGISTRATE, "TPR")
    out = desk(MAGISTRATE, "8-0-0")
    # More than the fund holds: refused with the balance in her own way of writing money.
    assert "তহবিলে আছে ₹১-০-০" in out and "Rs" not in out
    assert english_left(out) == []


def test_a_typed_number_is_refused_in_hindi(world: World) -> None:
    desk = Desk(world)
    desk(MAGISTRATE, "lang hi")
    out = desk(MAGISTRATE, "recovery पचास")
    assert "यह स्वीकार नहीं किया जा सकता: मामले की संख्या भेजें, जैसे 12" in out
    assert english_left(out) == []


@pytest.mark.parametrize(
    ("greeting", "section"), [("namaste", "धारा"), ("নমস্কার", "ধারা"), ("hello", "Sec ")]
)
def test_an_officers_menu_over_sms_is_his_choices_without_their_sections(
    world: World, greeting: str, section: str
) -> None:
    """Over SMS a keeper's menu is the office's name and his nine choices, each without the
    section it cites: four segments in Hindi or Bengali, where it was two SMS of six (three
    each), and two in English. On Telegram and the console the choices keep their sections."""
    sms = Chat(world, KEEPER, Channel.SMS)
    sms.say(greeting)
    messages = texts_for(sms.last)
    assert len(sms.options()) == 9, messages
    assert section not in "\n".join(messages), messages
    assert sum(sms_segments(m) for m in messages) == (2 if section == "Sec " else 4), messages
    console = Chat(world, KEEPER)  # as on Telegram
    console.say(greeting)
    assert any(section in label for label in console.labels()), console.labels()


def test_a_keeper_registering_an_arrival_over_sms_gets_the_whole_copy_in_few_sms(
    world: World,
) -> None:
    """Over SMS in Hindi, the animals to check are listed as "पशु 1: गाय", not as "1. गाय" above
    the numbered choices. The keeper's last answer to an arrival is three SMS of seven segments,
    where it was five of nine: the copy's heading closes the first, and the copy, too long for
    one SMS, is cut between its words so that the menu's line goes with its last words, never
    alone. The copy holds all that Sec V has the register write: the entry's number, the day
    and time the cattle came in, their number and description, the seizer's and the owner's
    names and residences, and the seizure's reference."""
    ref = world.seize()
    chat = Chat(world, KEEPER, Channel.SMS)
    chat.say("lang hi")
    chat.say(f"ARRIVE {ref}")
    # The animals to check are no numbered lines, which over SMS read as the choices under them.
    asked = texts_for(chat.last)
    numbered = [line for m in asked for line in m.splitlines() if re.match(r"\d+\. ", line)]
    assert numbered == ["1. हाँ, इन्हें रजिस्टर में दर्ज करें", "2. संख्या सुधारें", "3. कोई वर्णन सुधारें"]
    assert "पशु 1: गाय (red, white blaze)" in "\n".join(asked), asked
    chat.say("1")
    messages = texts_for(chat.last)
    assert (len(messages), sum(sms_segments(m) for m in messages)) == (3, 7), messages
    assert messages[0].endswith("प्रविष्टि की नकल, जैसी रजिस्टर में लिखी है:"), messages
    assert not any(m.strip() == "1. मेनू" for m in messages), messages
    copy = " ".join(messages[1:])
    for part in (
        "प्रविष्टि TPR/2026/1 की नकल (धारा 5)",
        "1 मार्च 2026 08:00",
        "3 पशु: 1. गाय, red, white blaze; 2. गाय, red, white blaze; 3. भैंस",
        "ज़ब्त करने वाला: Rampur के Hari Singh",
        "मालिक: Kemri के Mohan Lal",
        ref,
    ):
        assert part in copy, (part, messages)


def test_a_command_with_its_seizure_typed_in_the_middle_of_another_flow_starts_it(
    world: World,
) -> None:
    """A keeper who chose "report a seizure" by mistake and, asked the village, types
    "aagaman REF" over SMS: his arrival starts, and the report he had not begun is dropped
    with a word, where the command was looked for as a village, and refused as one, at
    every try. A plain word there is still the village's name."""
    ref = world.seize()
    chat = Chat(world, KEEPER, Channel.SMS)
    chat.say("lang hi")
    chat.say("menu")
    out = chat.say("1")  # report a seizure: the village is asked
    assert "किस गाँव" in out, out
    out = chat.say("aagaman")
    assert "aagaman" in out and "गाँव नहीं मिला" in out, out
    out = chat.say(f"aagaman {ref.lower()}")
    assert "अधूरी बातचीत छोड़ दी गई" in out and "क्या कांजी हाउस में पहुँचे पशु" in out, out


def test_a_keeper_recording_a_payment_over_sms_gets_the_receipt_in_two_sms(world: World) -> None:
    """Over SMS in Hindi, the payment's answer is two SMS: what was received and released,
    closed by the receipt's heading, then the receipt (Sec VII: the seizure, its animals by
    number, the day, the pound, the fine, the feeding and the total, and who signs), with the
    menu's line under it; the heading was an SMS of its own."""
    ref = impounded(world)
    chat = Chat(world, KEEPER, Channel.SMS)
    chat.say("lang hi")
    chat.say(f"bhugtan {ref}")
    chat.say("1")
    messages = texts_for(chat.last)
    assert len(messages) == 2, messages
    assert messages[0].endswith("मालिक की रसीद, जिस पर रजिस्टर में हस्ताक्षर होंगे (धारा 7):")
    receipt = messages[1]
    for part in (f"ज़ब्ती {ref} के 3 पशु (क्रमांक 1, 2, 3)", "Testpur thana pound", "जुर्माना"):
        assert part in receipt, (part, messages)
    assert "खुराक" in receipt and "कुल" in receipt and "हस्ताक्षर" in receipt, messages
    assert receipt.endswith("1. मेनू"), messages
