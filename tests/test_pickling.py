"""Depguard's enums pickle by name (a cached or pickled value survives a reordering of members)."""


def test_model_enums_pickle_by_name():
    import pickle

    from depguard.model import Existence, Origin, Verdict

    for member in (*Origin, *Existence, *Verdict):
        assert pickle.loads(pickle.dumps(member, protocol=pickle.HIGHEST_PROTOCOL)) is member
        assert member.__reduce_ex__(4) == (getattr, (type(member), member.name))
