import gc

import pytest

from depguard import gcpolicy


def test_bulk_raises_the_thresholds_and_puts_them_back():
    before = gc.get_threshold()
    with gcpolicy.bulk():
        inside = gc.get_threshold()
        with gcpolicy.bulk():  # nested: the outer one restores
            pass
        assert gc.get_threshold() == inside
    assert inside[0] >= 50_000 and gc.get_threshold() == before


def test_settle_freezes_only_inside_bulk_and_leaving_unfreezes():
    assert gc.get_freeze_count() == 0
    gcpolicy.settle()
    assert gc.get_freeze_count() == 0  # outside bulk: nothing happens
    with gcpolicy.bulk():
        kept = [object() for _ in range(10)]
        gcpolicy.settle()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0 and kept  # collectable again once the run is over


def test_a_scan_leaves_the_collector_as_it_found_it(tmp_path, monkeypatch):
    from depguard.cli import main

    (tmp_path / "requirements.txt").write_text("requests\n")
    before = gc.get_threshold()
    assert main(["scan", str(tmp_path), "--offline", "--format", "json", "--no-progress"]) == 3
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def _collections():
    """A list that grows by one for each collection the cyclic collector runs (until the callback is removed)."""
    runs: list[int] = []

    def count(phase, info):
        if phase == "start":
            runs.append(info["generation"])

    gc.callbacks.append(count)
    return runs, count


def test_what_a_run_imports_midway_is_frozen_unwalked_inside_bulk():
    runs, count = _collections()
    try:
        with gcpolicy.bulk():
            with gcpolicy.held():
                made = [[i] for i in range(200_000)]  # as many long-lived objects as an HTTP stack's import
                assert not gc.isenabled()
            assert gc.isenabled() and gc.get_freeze_count() >= len(made)
            assert runs == []  # nobody walked them: no collection ran, and none is due for them
        assert gc.get_freeze_count() == 0
    finally:
        gc.callbacks.remove(count)


def test_held_outside_bulk_changes_nothing():
    with gcpolicy.held():
        assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_when_the_run_ends_the_process_leaving_bulk_runs_no_last_collection(monkeypatch):
    runs, count = _collections()
    monkeypatch.setattr(gcpolicy, "_last", True)
    try:
        with gcpolicy.bulk():
            kept = [[i] for i in range(40_000)]  # under the raised threshold: no collection yet
        made_after = [[i] for i in range(2_000)]  # over the normal threshold: one would run now
        assert runs == [] and not gc.isenabled() and kept and made_after
    finally:
        gc.callbacks.remove(count)
        gc.enable()


def test_a_cold_lookup_imports_its_network_stack_frozen(monkeypatch):
    from depguard import lookup

    seen = []
    monkeypatch.setattr(gcpolicy, "held", lambda real=gcpolicy.held: seen.append(1) or real())
    lookup.network_stack()
    assert seen == [1]


def test_a_run_that_is_the_whole_process_collects_rarely_from_its_start(monkeypatch):
    """The command line's scan (process_ends) raises the thresholds at once: what its start-up imports is not
    walked every 700 allocations before bulk() begins."""
    runs, count = _collections()
    old = gc.get_threshold()
    monkeypatch.setattr(gcpolicy, "_last", False)
    try:
        gcpolicy.process_ends()
        assert gc.get_threshold() == gcpolicy._BULK
        kept = [[i] for i in range(20_000)]  # past the normal threshold many times over: no collection
        assert runs == [] and kept
        with gcpolicy.bulk():
            assert gc.get_threshold() == gcpolicy._BULK
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*old)
        gc.enable()


class _Made:
    """Something a run made (weakly referenceable)."""


@pytest.mark.parametrize("last", [True, False])
def test_what_the_last_run_of_the_process_made_is_not_freed_before_the_process_ends(monkeypatch, last):
    import weakref

    monkeypatch.setattr(gcpolicy, "_last", last)
    monkeypatch.setattr(gcpolicy, "_OUTLIVING", [])
    made = _Made()
    seen = weakref.ref(made)
    gcpolicy.outlive(made)
    del made
    # the command line's run (process_ends): kept to the end; a server's or a library caller's: freed as usual
    assert (seen() is not None) == last
