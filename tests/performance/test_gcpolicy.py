import gc

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
