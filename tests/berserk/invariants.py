"""Invariants checked after every action of the random games."""
from berserk_kernel.berserk.zones import PLAY_ZONES


def check_invariants(s):
    seen = {}
    for seat, p in enumerate(s.seats):
        for zone in ("deck", "deal", "squad", "graveyard", "removed", "aux", "hand", "attached"):
            for uid in p.zone_list(zone):
                assert uid not in seen, f"#{uid} in {zone} and {seen[uid]}"
                seen[uid] = zone
                c = s.cards[uid]
                assert c.zone == zone and c.owner == seat, f"#{uid}: zone {c.zone}/{zone}, owner {c.owner}/{seat}"
    for cell, uid in enumerate(s.cells):
        if uid is not None:
            assert uid not in seen, f"#{uid} on a cell and in {seen[uid]}"
            seen[uid] = "field"
            c = s.cards[uid]
            assert c.zone == "field" and c.cell == cell
    for uid, c in s.cards.items():
        if c.zone == "attached":
            h = s.cards[c.host]
            assert h.zone == "field" and h.owner == c.owner, f"#{uid} attached to #{c.host} in {h.zone}"
        assert uid in seen, f"#{uid} ({c.zone}) is in no zone list"
        assert c.wounds >= 0 and c.moves >= 0 and c.tokens >= 0
        if c.zone in PLAY_ZONES and s.defs[c.card].type in ("creature", "artifact"):
            assert c.wounds < s.defs[c.card].lives, f"#{uid} alive with lethal wounds"
    assert len(seen) == len(s.cards)
    if s.phase == "over":
        assert s.winner in (0, 1, "draw") and s.pending is None
