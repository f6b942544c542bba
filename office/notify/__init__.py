"""The messages each act sends, one function per act: who is told what, as outbox rows written in
the act's own transaction (transactional outbox), rendered and sent later by `bot/sender.py`.

- `queueing`: one message to one person (`enqueue`), to a seizure's people and its officers;
- `unsolicited`: the limit on messages a private person's acts send to unknown numbers;
- `params`: what the messages say about a seizure, as plain JSON;
- `seizure`, `custody`, `sale`, `complaints`, `kinds`: the acts, in the order a case meets them.

Params are plain JSON, written in the reader's language only when the message is rendered
(`bot/notices.py`): amounts as ints of the profile's smallest unit (`*_amount`, with the money
system's name under `money`), dates as ISO strings (`*_date`), kinds as `{kind: count}`
(`*_kinds`), people as `{"name", "residence"}`, a village or pound as the register's name with
its names in other scripts (`village`, `village_names`: `place_params`), and always `ref` and,
where the message states the law, its `section`. No text is written here in any language but
the names people gave.
Every template named here is in `bot.notices.TEMPLATES`; `docs/messages.md` says who gets which,
and when.

The params written here are the picture at the act. What a message says when it goes out is
worked out again at the send from the record as it then stands, and a message whose cause is
gone by then is cancelled (practice G16): `office/views/messages_now.py` holds that table, and a new
template that depends on the record needs its entry there. The cancellations here only clear
the queue early; the check at the send is the one that counts.
"""

from office.notify.complaints import complaint_admitted, complaint_decided, complaint_filed
from office.notify.custody import animal_lost, released
from office.notify.kinds import kind_order_needed, kind_ordered
from office.notify.params import amounts, person_param, place_params
from office.notify.queueing import CALLED_TEMPLATES, enqueue, officers
from office.notify.sale import (
    notice_posted,
    owner_refused,
    sale_due,
    sale_recorded,
    unclaimed_reported,
)
from office.notify.seizure import aid_requested, arrival_registered, seizure_reported
from office.notify.unsolicited import UNSOLICITED_PER_DAY
from office.records.outbox import HELD

__all__ = [
    "CALLED_TEMPLATES",
    "HELD",
    "UNSOLICITED_PER_DAY",
    "aid_requested",
    "amounts",
    "animal_lost",
    "arrival_registered",
    "complaint_admitted",
    "complaint_decided",
    "complaint_filed",
    "enqueue",
    "kind_order_needed",
    "kind_ordered",
    "notice_posted",
    "officers",
    "owner_refused",
    "person_param",
    "place_params",
    "released",
    "sale_due",
    "sale_recorded",
    "seizure_reported",
    "unclaimed_reported",
]
