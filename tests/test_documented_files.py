"""A module file the project's documents hand the reader from elsewhere (held-out set 193: kserve's TorchServe samples):
``docs/samples/v1beta1/torchserve/v2/bert/README.md`` sends the reader to pytorch/serve's examples and packs
``./Transformer_handler_generalized.py`` into the model archive with ``torch-model-archiver --extra-files``; the handler
below it does ``from Transformer_handler_generalized import …``. A module whose file ``X.py`` a code block of a document
in the importing file's folder or one above it names is that file, not a registry's package: a note when no registry
has the name. An invented package installed in the same document, a file named only in prose, and a document of
another branch of the tree are still judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

README = ("# TorchServe example with Huggingface bert model\n\n"
          "Clone [pytorch/serve](https://github.com/pytorch/serve) repository, navigate to "
          "`examples/Huggingface_Transformers` and follow the steps for creating the MAR file; the helper_utilx.py "
          "script there is optional.\n\n"
          "```bash\npip install fakeservekitx\n"
          "torch-model-archiver --model-name BERTSeqClassification --version 1.0 \\\n"
          "--serialized-file Transformer_model/pytorch_model.bin \\\n--handler ./Transformer_kserve_handler.py \\\n"
          "--extra-files \"Transformer_model/config.json,./setup_config.json,./Transformer_handler_generalizedx.py\"\n"
          "```\n")


def test_a_module_file_a_document_above_names_in_a_command_is_a_note(tmp_path):
    write(tmp_path, {
        "samples/bert/README.md": README,
        "samples/bert/sequence_classification/handler.py":
            "import torch\nfrom Transformer_handler_generalizedx import TransformersSeqClassifierHandler\n"
            "import fakeservekitx\nimport helper_utilx\nimport quux_madeup_kit\n",
    })
    got = verdicts(judged(tmp_path, {"torch"}))
    assert got[("samples/bert/sequence_classification/handler.py", "Transformer_handler_generalizedx")] == "allowed"
    assert got[("samples/bert/sequence_classification/handler.py", "fakeservekitx")] == "missing"  # installed, judged
    assert got[("samples/bert/sequence_classification/handler.py", "helper_utilx")] == "missing"  # prose only
    assert got[("samples/bert/sequence_classification/handler.py", "quux_madeup_kit")] == "missing"


def test_a_document_of_another_branch_of_the_tree_names_no_file_of_this_one(tmp_path):
    write(tmp_path, {
        "samples/bert/README.md": README,
        "tools/handler.py": "from Transformer_handler_generalizedx import TransformersSeqClassifierHandler\n",
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("tools/handler.py", "Transformer_handler_generalizedx")] == "missing"


def test_a_ros_package_a_tutorial_above_creates_the_readers_package_with_is_a_note(tmp_path):
    # the ROS 2 documentation's Webots tutorial (Setting-Up-Simulation-Webots-Basic.rst) has the reader run
    # `ros2 pkg create ... --dependencies rclpy geometry_msgs webots_ros2_driver`, and its Code/robot_launch.py, a
    # launch file outside any package.xml, imports webots_ros2_driver. A name the command does not give, the same
    # import under another branch, and a word after a shell operator stay judged
    rst = (".. code-block:: console\n\n"
           "    ros2 pkg create --build-type ament_python --license Apache-2.0 --node-name my_robot_driver my_package "
           "--dependencies rclpy geometry_msgs webots_ros2_driverx && cd my_package_helperx\n")
    launch = ("from launch import LaunchDescription\nfrom webots_ros2_driverx.webots_launcher import WebotsLauncher\n"
              "import webots_ros2_toolsx\nimport my_package_helperx\n\n"
              "def generate_launch_description():\n    return LaunchDescription([])\n")
    write(tmp_path, {
        "Tutorials/Webots/Setting-Up-Simulation-Webots-Basic.rst": rst,
        "Tutorials/Webots/Code/robot_launch.py": launch,
        "Other/robot_launch.py": launch,
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("Tutorials/Webots/Code/robot_launch.py", "webots_ros2_driverx")] == "allowed"
    assert got[("Tutorials/Webots/Code/robot_launch.py", "webots_ros2_toolsx")] == "missing"
    assert got[("Tutorials/Webots/Code/robot_launch.py", "my_package_helperx")] == "missing"
    assert got[("Other/robot_launch.py", "webots_ros2_driverx")] == "missing"
