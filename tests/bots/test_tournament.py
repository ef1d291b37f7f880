"""The tournament script: seats swapped, seeded, the table counts every game, the suite's files."""
import io

import pytest

from berserk_kernel.bots.tournament import SUITE, Pairing, Settings, main, play_one, run, run_pairings


def test_a_pairing_counts_every_game_with_seats_swapped():
    out = io.StringIO()
    row = run("city", 2, "greedy", "random", players=2, seed=3, out=out)
    assert row["games"] == 2 and row["a_wins"] + row["b_wins"] + row["draws"] == 2
    lines = [line for line in out.getvalue().splitlines() if line.startswith("city_2p_greedy_vs_random game")]
    assert [line.split("A in seat ")[1][0] for line in lines] == ["0", "1"]
    assert "| City (2 players) | greedy | random | 2 |" in out.getvalue()


def test_a_game_is_the_same_for_the_same_seed():
    p = Pairing("berserk", 2, "greedy", "random")
    st = Settings(seed=5, turn_limit=6)
    assert play_one((p, 1, st))[:5] == play_one((p, 1, st))[:5]


def test_the_suite_writes_a_log_per_pairing_and_the_table(tmp_path):
    pairings = [Pairing("city", 4, "greedy", "random"), Pairing("berserk", 2, "random", "random")]
    table = run_pairings(pairings, 2, Settings(turn_limit=4), workers=2, out_dir=str(tmp_path), out=io.StringIO())
    assert [table.rows[p]["games"] for p in pairings] == [2, 2]
    assert (tmp_path / "tournament_city_4p_greedy_vs_random.txt").read_text().count("game") == 2
    text = (tmp_path / "tournament_table.txt").read_text()
    assert "| City (4 players) | greedy | 3 x random | 2 |" in text and "| classic Berserk | random | random | 2 |" in text
    assert len(SUITE) == 7


def test_bad_arguments_are_refused():
    with pytest.raises(SystemExit):
        main(["--game", "berserk", "--players", "4"])
    with pytest.raises(SystemExit):
        main(["--workers", "0"])


def test_run_takes_the_per_game_playouts_like_the_command_line():
    """`run()` without `playouts` plays the profile's playouts, as `main()` without --playouts does
    (it once kept 16 playouts with the profile's depth: a mix of settings no profile names)."""
    out = io.StringIO()
    run("city", 1, "greedy", "random", players=2, seed=3, turn_limit=2, out=out)
    text = out.getvalue()
    assert "\nmcts: per game (unless told): classic Berserk: 40 playouts" in text
    assert "16 playouts" not in text


def game(line: str) -> str:
    """A log line without its CPU seconds."""
    return line.rsplit(", ", 1)[0]


def test_resume_keeps_the_finished_games_and_plays_only_the_missing_ones(tmp_path):
    """A suite stopped mid-way (a log cut in the middle of a line) goes on with --resume: the
    finished games are counted as they were, the cut one and the rest are played, and each game
    is the one a full run plays (same seed, same result)."""
    p = Pairing("berserk", 2, "greedy", "random")
    st = Settings(seed=5, turn_limit=4)
    full = tmp_path / "full"
    run_pairings([p], 3, st, out_dir=str(full), out=io.StringIO())
    lines = (full / "tournament_berserk_greedy_vs_random.txt").read_text().splitlines()
    assert len(lines) == 3
    cut = tmp_path / "cut"
    cut.mkdir()
    (cut / "tournament_berserk_greedy_vs_random.txt").write_text(lines[0] + "\n" + lines[1][:20])
    out = io.StringIO()
    table = run_pairings([p], 3, st, out_dir=str(cut), out=out, resume=True)
    assert table.rows[p]["games"] == 3
    kept = (cut / "tournament_berserk_greedy_vs_random.txt").read_text().splitlines()
    assert kept[0] == lines[0]
    # the same games with the same results (the CPU seconds at the end of a line may differ)
    assert sorted(game(line) for line in kept) == sorted(game(line) for line in lines)
    played = [line for line in out.getvalue().splitlines() if " game " in line and line.startswith("berserk_")]
    assert sorted(game(line) for line in played) == sorted(game(line) for line in lines[1:])
    assert "| classic Berserk | greedy | random | 3 |" in (cut / "tournament_table.txt").read_text()
    with pytest.raises(SystemExit):
        main(["--resume"])


def test_mirror_decks_deal_each_default_deck_to_both_players_a_pair_of_games_each():
    from berserk_kernel.berserk import new_game
    from berserk_kernel.bots.tournament import DEFAULT_DECKS, decks_of, new_state
    assert DEFAULT_DECKS == tuple(new_game(seed=1).setup["decks"]) == ("mountain_forest", "darkness_swamp_steppe")
    mf, ds = DEFAULT_DECKS
    assert [decks_of("berserk", i, "mirror") for i in range(5)] == [(mf, mf), (mf, mf), (ds, ds), (ds, ds), (mf, mf)]
    assert decks_of("berserk", 2, "default") is None and decks_of("city", 2, "mirror") is None
    for game, mode in (("berserk", "classic"), ("heroes", "heroes")):
        s = new_state(game, 7, 2, 30, decks_of(game, 3, "mirror"))
        assert s.setup["decks"] == [ds, ds] and s.mode == mode
        ids = [{c.card for c in s.cards.values() if c.owner == seat} for seat in (0, 1)]
        assert ids[0] == ids[1]                  # the same deck's cards on both sides
    assert new_state("berserk", 7, 2, 30).setup["decks"] == [mf, ds]
    # the same seed plays another game on the mirror decks, and the table says which decks
    p = Pairing("berserk", 2, "greedy", "random")
    assert play_one((p, 2, Settings(seed=5, turn_limit=4, decks="mirror")))[:5] != \
        play_one((p, 2, Settings(seed=5, turn_limit=4)))[:5]
    out = io.StringIO()
    run_pairings([p], 2, Settings(seed=5, turn_limit=3, decks="mirror"), out=out)
    assert "both players on the same deck, mountain_forest and darkness_swamp_steppe" in out.getvalue()
    assert main(["--game", "berserk", "--a", "greedy", "--b", "random", "--games", "1", "--seed", "5",
                 "--turn-limit", "2", "--decks", "mirror"]) == 0
    with pytest.raises(SystemExit):
        main(["--decks", "shuffled"])
