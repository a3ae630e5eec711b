import asyncio

from depguard import aio


class Counted:
    reprs = 0

    def __repr__(self) -> str:
        Counted.reprs += 1
        return "Counted()"


async def produce() -> Counted:
    await asyncio.sleep(0)
    return Counted()


def test_run_returns_the_result_without_formatting_it():
    Counted.reprs = 0
    got = aio.run(produce())
    assert isinstance(got, Counted)
    assert Counted.reprs == 0  # asyncio.run on 3.11 formats repr(task), result included, on the way out


def test_run_raises_what_the_coroutine_raises():
    async def boom() -> None:
        raise ValueError("registry said no")

    try:
        aio.run(boom())
    except ValueError as exc:
        assert "registry said no" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("no exception")


def test_model_enums_pickle_by_name():
    import pickle

    from depguard.model import Existence, Origin, Verdict

    for member in (*Origin, *Existence, *Verdict):
        assert pickle.loads(pickle.dumps(member, protocol=pickle.HIGHEST_PROTOCOL)) is member
        assert member.__reduce_ex__(4) == (getattr, (type(member), member.name))
