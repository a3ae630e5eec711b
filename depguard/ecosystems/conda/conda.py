"""Conda: ``GET https://api.anaconda.org/package/{channel}/{name}``, one channel after another.

A name may carry channels (``bioconda::samtools``); those are asked first, then the configured defaults
(conda-forge, then Anaconda's ``main``). The package exists when any channel has it; it is missing only when
every channel answered a real 404. Downloads are the lifetime ``ndownloads`` summed over the files; a package
whose every file carries only the ``broken`` label (conda-forge's way of pulling a build) is ``all-yanked``.
"""

from __future__ import annotations

from ...model import PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context, load_json
from ...registries._steps import StepRegistry


def split_channels(name: str) -> tuple[list[str], str]:
    if "::" in name:
        chans, _, bare = name.rpartition("::")
        return [c for c in chans.split(",") if c], bare
    return [], name


class CondaRegistry(StepRegistry):
    def document_name(self, key: PackageKey) -> str:
        return split_channels(key.name)[1]

    def channels_for(self, carried: list[str]) -> list[str]:
        aliases = self.config.options.get("channel_aliases", {})
        order = [*carried, *self.config.options.get("channels", ["conda-forge", "main"])]
        return list(dict.fromkeys(aliases.get(c, c) for c in order))

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        carried, name = split_channels(key.name)
        unclear: RegistryAnswer | None = None
        asked: list[str] = []
        last = None
        for channel in self.channels_for(carried):
            url = self.base + self.config.path.format(channel=self.encode(channel), name=self.encode(name))
            fetched = await self.get(key, url, ctx)
            asked.append(channel)
            if isinstance(fetched, RegistryAnswer):
                unclear = unclear or fetched
                continue
            if self.not_found(fetched):
                last = fetched
                continue
            if fetched.status != 200:
                unclear = unclear or self.unclear(key, fetched, ctx)
                continue
            answer = self.read(key, fetched, ctx)
            return self._facts(answer, fetched, channel)
        if unclear is not None:
            return replace(unclear, reason=f"{unclear.reason} (channels asked: {', '.join(asked)})")
        if last is None:  # no channel to ask
            return self.not_checked(key, "no conda channel to ask", ctx)
        return self.gone(key, last, ctx, f"not on {', '.join(asked)}")

    def _facts(self, answer: RegistryAnswer, fetched, channel: str) -> RegistryAnswer:
        try:
            doc = load_json(fetched)
        except ValueError:
            return answer
        files = doc.get("files") if isinstance(doc, dict) else None
        files = [f for f in files if isinstance(f, dict)] if isinstance(files, list) else []
        counts = [f.get("ndownloads") for f in files if isinstance(f.get("ndownloads"), int)]
        markers = answer.markers
        labels = [f.get("labels") for f in files]
        if files and all(isinstance(lb, list) and lb and set(lb) <= {"broken"} for lb in labels):
            markers = (*markers, "all-yanked")
        return replace(answer, downloads=sum(counts) if counts else None, markers=markers,
                       reason=f"{answer.reason} (channel {channel})")


CLIENT = CondaRegistry
