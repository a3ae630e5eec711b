"""Programming books' companion code (held-out set 258: O'Reilly's, No Starch's and Packt's repositories of chapter
notebooks and scripts): a chapter imports a library by a module name its distribution does not carry (Packt's
Generative AI with LangChain imports ``skllm``, scikit-llm's module), which the import map gives to its distribution;
a made-up module beside it is still judged by its own name."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write


def test_modules_named_otherwise_than_their_distribution_are_the_distributions(tmp_path):
    # benman1/generative_ai_with_langchain chapter8/fine_tuning.ipynb: `from skllm.models.gpt import GPTClassifier`
    # (scikit-llm's README: `pip install scikit-llm`, then `from skllm.config import SKLLMConfig`); Django 4 By Example's
    # educa project lists 'embed_video' in INSTALLED_APPS (Chapter15/educa/educa/settings.py:42) beside
    # django-embed-video==1.4.4 (django-embed-video's README: `pip install django-embed-video`, then
    # `from embed_video.fields import EmbedVideoField`); a file of it without that requirements file beside it
    write(tmp_path, {
        "chapter8/fine_tuning.py": "from skllm.models.gpt import GPTClassifier\nimport skllm_helpers_x\n",
        "educa/courses/models.py": "from embed_video.fields import EmbedVideoField\nfrom embed_videos_x import y\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("chapter8/fine_tuning.py", "scikit-llm"), ("chapter8/fine_tuning.py", "skllm-helpers-x"),
        ("educa/courses/models.py", "django-embed-video"), ("educa/courses/models.py", "embed-videos-x"),
    }
