"""A person who plays by keyboard alone: only ``page.keyboard.press``, never a click.

Each decision starts where the page put the focus (js/focus.js): the declaration's
heading, a dialog's first choice, the board's location, soul processing's heading. The
player reads what has focus (its data attributes) to write down what each key press
chose, so a test can hold the server's record to the keys pressed.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

Page = Any

ACTIVE = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return { tag: el.tagName.toLowerCase(), id: el.id, data: { ...el.dataset },
             disabled: el.getAttribute("aria-disabled") === "true" || el.disabled === true };
}"""

LEFT = "Number(document.querySelector('.stepper .muted').textContent.match(/[0-9]+/)[0])"
"""The search pieces left behind the screen, as the declaration says ("of 3 left")."""

SAID = """
window.__said = [];
new MutationObserver(() => {
    const region = document.getElementById("announcer");
    if (region && region.textContent) window.__said.push(region.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""Keeps every line the status region (#announcer) says, for the test to read."""

SCREEN = """() => {
    const q = (s) => document.querySelector(s);
    if (q("#final #score-table")) return "final";
    if (q("#choice button[data-action]:enabled")) return "dialog";
    if (q("#declaration #commit:enabled")) return "declare";
    if (q("#processing #done:enabled")) return "processing";
    if (q("button.location.legal")) return "place";
    if (q("#hand button.bid:enabled")) return "bid";
    return null;
}"""


@dataclass
class KeyboardPlayer:
    """Plays the page's seat by keys; ``pressed`` is every action it chose, in order."""

    page: Page
    pressed: list[str] = field(default_factory=list)
    moves: int = 0
    kinds: Counter[str] = field(default_factory=Counter)  # decisions played, by screen
    refused: int = 0  # closed locations pressed: said why, nothing sent
    acks: int = 0
    errors: list[str] = field(default_factory=list)

    roved: int = 0  # reveals whose hands were gone through by the arrow keys
    controls: int = 0  # declarations set with the panel's controls rather than its keys

    def __post_init__(self) -> None:
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.add_init_script(SAID)

    def said(self) -> list[str]:
        """Everything the page's status region said, in order."""
        found: list[str] = self.page.evaluate("window.__said || []")
        return found

    def _frame(self, payload: Any) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        if '"ack"' in text:
            self.acks += 1
        elif '"type":"error"' in text.replace(" ", ""):
            self.errors.append(text)

    def active(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.page.evaluate(ACTIVE)
        return found

    def assert_focus_kept(self, where: str) -> dict[str, Any]:
        found = self.active()
        assert found is not None, f"focus is on <body> {where} (move {self.moves})"
        return found

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def wait_acks(self, count: int, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while self.acks < count and not self.errors:
            assert time.monotonic() < deadline, "the move was never acknowledged"
            self.page.wait_for_timeout(15)
        assert not self.errors, self.errors

    def settle(self) -> None:
        """After a move: the server's answer is drawn, and focus is not on <body>."""
        self.page.wait_for_timeout(60)
        self.assert_focus_kept("after a move")

    def play(self, timeout: float = 50.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            assert time.monotonic() < deadline, (
                f"the game did not end by keyboard ({self.moves} moves)"
            )
            screen = self.page.evaluate(SCREEN)
            if screen == "final":
                return
            if screen is None:
                self.page.wait_for_timeout(25)
                continue
            self.assert_focus_kept(f"at a {screen} decision")
            getattr(self, screen)()
            self.kinds[screen] += 1
            self.moves += 1
            self.settle()

    # ---------------------------------------------------------------- the decisions

    def _enter(self, actions: list[str], sent: int) -> None:
        """Press Enter, expecting `sent` actions to go out (and be acknowledged)."""
        before = self.acks
        self.press("Enter")
        self.wait_acks(before + sent)
        self.pressed.extend(actions)

    def dialog(self) -> None:
        """A dialog: focus starts on its first choice; Tab goes on to another (Tab stays
        inside the dialog), Enter takes the one with focus."""
        for _ in range(self.moves % 3):
            self.press("Tab")
        found = self.assert_focus_kept("in a dialog")
        if "action" not in found["data"]:  # Tab went round past the last choice
            self.press("Tab")
            found = self.assert_focus_kept("in a dialog")
        assert "action" in found["data"], found
        self._enter([found["data"]["action"]], 1)

    def declare(self) -> None:
        """A declaration by its keys: a digit for the search pieces, W or S for a sign
        every other turn, Enter to put the hand out."""
        if self.page.query_selector("#reveal [data-rove]") is not None and self.roved < 2:
            self.rove_hands()
        elif self.kinds["declare"] % 3 == 2 and self.page.is_enabled("#search-plus"):
            return self.declare_by_controls()
        left = int(self.page.evaluate(LEFT))
        search = min(1 + self.moves % 2, left)
        self.press(str(search))
        witch = soul = False
        if self.moves % 2 == 0 and self.page.is_enabled("#witch"):
            self.press("w")
            witch = True
        elif self.moves % 3 == 0 and self.page.is_enabled("#soul"):
            self.press("s")
            soul = True
        shown = int(self.page.inner_text("#search-count"))
        assert shown == search, (shown, search)
        assert self.page.is_checked("#witch") == witch and self.page.is_checked("#soul") == soul
        focused = self.assert_focus_kept("while setting a hand")
        # Enter puts the hand out: from the panel's heading, or pressed on its button
        assert focused["tag"] != "button" or focused["id"] == "commit", focused
        self._enter([f"d{search}{'w' if witch else ''}{'s' if soul else ''}"], 1)

    def declare_by_controls(self) -> None:
        """The same by the panel's controls: Tab to "One more search piece" and press
        Enter, Tab to a sign and press Space (the panel is drawn anew each time, and the
        focus stays on the control pressed), Tab to the hand's button and press Enter."""
        assert self._tab_to("#search-plus", 10) == "search-plus"
        self.press("Enter")
        self.page.wait_for_function("document.querySelector('#search-count').textContent === '1'")
        assert self.assert_focus_kept("after One more")["id"] == "search-plus"
        self.controls += 1
        sign = next((s for s in ("witch", "soul") if self.page.is_enabled(f"#{s}")), None)
        if sign is not None:
            assert self._tab_to(f"#{sign}", 10) == sign
            self.press("Space")
            self.page.wait_for_function(f"document.querySelector('#{sign}').checked")
            assert self.assert_focus_kept("after a sign")["id"] == sign
        assert self._tab_to("#commit", 10) == "commit"
        mark = {"witch": "w", "soul": "s", None: ""}[sign]
        self._enter([f"d1{mark}"], 1)

    def rove_hands(self) -> None:
        """The reveal's hands are one Tab stop after the declaration; the arrow keys go
        from hand to hand, Home to the first; Shift+Tab goes back to the hand's button."""
        assert self._tab_to("#reveal [data-rove]", 20) is not None, "Tab never reached the hands"
        hands = self.page.eval_on_selector_all(
            "#reveal [data-rove]", "els => els.map(e => e.dataset.hand)"
        )
        self.press("Home")
        assert self.assert_focus_kept("on the hands")["data"]["hand"] == hands[0]
        self.press("ArrowRight")
        assert self.assert_focus_kept("on the hands")["data"]["hand"] == hands[1]
        self.press("End")
        assert self.assert_focus_kept("on the hands")["data"]["hand"] == hands[-1]
        for _ in range(20):
            if self.assert_focus_kept("going back")["id"] == "commit":
                break
            self.press("Shift+Tab")
        else:
            raise AssertionError("Shift+Tab never came back to the hand's button")
        self.roved += 1

    def processing(self) -> None:
        """Soul processing: Tab to a pair promotion if one is offered and try it (Enter),
        then Tab to Done and press Enter (the page sends the moves, then done)."""
        tried: list[str] = []
        for _ in range(3):
            action = self._tab_to("#processing .choices button[data-action^='pair:']", 30)
            if action is None:
                break
            tried.append(action)
            self.press("Enter")
            self.page.wait_for_function(
                f"document.querySelectorAll('#tentative li').length === {len(tried)}"
            )
            self.assert_focus_kept("after a tentative move")
        assert self._tab_to("#done", 60) is not None, "Tab never reached Done"
        self._enter([*tried, "done"], len(tried) + 1)

    def _tab_to(self, selector: str, most: int) -> str | None:
        """Press Tab until focus is on an element matching `selector`; its action (or
        its id), or None if it is not on the page or Tab does not reach it."""
        if self.page.query_selector(selector) is None:
            return None
        for _ in range(most):
            if self.page.evaluate(f"document.activeElement.matches({selector!r})"):
                found = self.assert_focus_kept("while tabbing")
                return str(found["data"].get("action") or found["id"])
            self.press("Tab")
        return None

    def bid(self) -> None:
        """Goofspiel: focus starts on the hand's heading; Tab goes along the cards,
        Enter bids the one with focus."""
        # the new decision's focus first: under load the cards may be drawn a moment
        # before the focus keeper moves focus to the heading, and Tab from the last
        # decision's focus would leave the hand
        self.page.wait_for_function(
            "document.activeElement && document.activeElement.id === 'hand-title'",
            timeout=10_000,
        )
        cards = len(self.page.query_selector_all("#hand button.bid"))
        for _ in range(1 + self.moves % min(3, cards)):
            self.press("Tab")
        found = self.assert_focus_kept("in the hand")
        assert "card" in found["data"], found
        self._enter([f"b{found['data']['card']}"], 1)

    def place(self) -> None:
        """Code of Nine's board: focus starts on a location a pawn may go to; the arrow
        keys move along the board (a closed location, when pressed, says why and sends
        nothing); Enter places the pawn."""
        for _ in range(self.moves % 4):
            self.press("ArrowRight")
        found = self.assert_focus_kept("on the board")
        assert "location" in found["data"], found
        if found["disabled"]:
            self.press("Enter")  # refused on the page, with the reason, nothing sent
            self.page.wait_for_selector("#refused")
            self.refused += 1
        for _ in range(60):
            found = self.assert_focus_kept("on the board")
            if not found["disabled"]:
                break
            self.press("ArrowRight")
            if self.assert_focus_kept("on the board")["data"] == found["data"]:
                self.press("Home")  # the last location: on from the first
        else:
            raise AssertionError("the arrow keys never reached an open location")
        self._enter([found["data"]["location"]], 1)
