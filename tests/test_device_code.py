"""Device code and hardware hosts (held-out set 27: MicroPython, CircuitPython, Klipper): what the firmware, the
project's own MicroPython manifests and its scripts' ``sys.path`` provide is no registry name; an invented package
imported beside them is still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.micropython_manifest import read_manifest
from depguard.ecosystems.pypi.project import logical_lines, path_additions
from depguard.model import Origin
from tests.trees import guesses, judged, scan, verdicts, write


def imports(root: Path) -> set[tuple[str, str]]:
    out = scan(root)
    return {(m.location.path, m.key.name) for m in guesses(out.mentions) if m.origin is Origin.IMPORT}


def test_micropython_device_code_imports_the_firmwares_modules_and_an_invented_package_is_still_judged(tmp_path):
    # a board's main.py as MicroPython's docs and micropython-async write them: pyb, framebuf, the u-names of the
    # built-ins, uasyncio, modules frozen into the ESP32 firmware (umqtt, ntptime, dht); `machine` and `network` are
    # names others registered on PyPI, so they stay judged as those names; the invented one is judged too
    write(tmp_path, {
        "main.py": "import pyb, micropython\nfrom micropython import const\nimport framebuf\nimport ustruct, uos\n"
                   "import uasyncio as asyncio\nfrom umqtt.simple import MQTTClient\nimport ntptime, dht\n"
                   "import machine, network\nimport esp32_wifi_manager_pro\n",
    })
    assert imports(tmp_path) == {("main.py", "machine"), ("main.py", "network"),
                                 ("main.py", "esp32-wifi-manager-pro")}


def test_jythons_org_python_is_its_own_and_the_rest_of_org_stays_judged(tmp_path):
    # micropython-lib's python-stdlib/copy/copy.py, CPython's copy.py: `from org.python.core import PyStringMap`
    write(tmp_path, {"copy2.py": "try:\n    from org.python.core import PyStringMap\nexcept ImportError:\n"
                                 "    PyStringMap = None\nfrom orgtools import x\n"})
    assert imports(tmp_path) == {("copy2.py", "orgtools")}


def test_a_micropython_manifest_installs_its_modules_at_the_library_root_and_requires_from_micropython_lib(tmp_path):
    # micropython-lib's layout: each package folder's manifest.py installs module("x.py") / package("x") at the
    # top of the device's library path, and require()s other packages of micropython-lib's index (mip, not PyPI)
    write(tmp_path, {
        "python-stdlib/contextlib/manifest.py": 'metadata(version="3.4.4")\n\nrequire("ucontextlib")\n'
                                                'require("collections")\n\nmodule("contextlib.py")\n',
        "python-stdlib/contextlib/contextlib.py": "import sys\nfrom ucontextlib import *\n",
        "micropython/ucontextlib/manifest.py": 'metadata(description="Minimal contextlib", version="0.1.1")\n'
                                               'module("ucontextlib.py")\n',
        "micropython/ucontextlib/ucontextlib.py": "class ContextDecorator:\n    pass\n",
        "unix-ffi/fcntl/manifest.py": 'metadata(version="0.0.4")\n\nrequire("ffilib", unix_ffi=True)\n\n'
                                      'module("fcntl.py")\n',
        "unix-ffi/fcntl/fcntl.py": "import ffilib\n",
        "unix-ffi/ffilib/manifest.py": 'metadata(version="0.1.3")\n\nmodule("ffilib.py")\n',
        "unix-ffi/ffilib/ffilib.py": "import sys\n",
        "unix-ffi/test.support/manifest.py": 'metadata(version="0.1.3")\n\npackage("test")\n',
        "unix-ffi/test.support/test/support.py": "TESTFN = '@test'\n",
        "unix-ffi/glob/test_glob.py": "from test.support import TESTFN\n",
        # a board's own manifest requiring a driver from micropython-lib, which its code then imports
        "board/manifest.py": 'include("$(PORT_DIR)/boards/manifest.py")\nrequire("ssd1306")\n',
        "board/app.py": "import ssd1306\n",
        # a CPython script named manifest.py is no MicroPython manifest: the names beside it stay judged
        "tools/manifest.py": "import json\n\ndef module(x):\n    return x\n\nmodule('reader.py')\n",
        "tools/build.py": "import reader\nimport made_up_builder\n",
    })
    assert imports(tmp_path) == {("tools/build.py", "reader"), ("tools/build.py", "made-up-builder")}


def test_read_manifest_takes_only_manifest_calls():
    found = read_manifest('metadata(version="0.1")\npackage("asyncio", ("core.py",), base_path="..", opt=3)\n'
                          'module("x/y.py")\nif options.extra:\n    require("aioble", client=True)\n')
    assert found is not None
    assert found.installs == ("asyncio", "x") and found.required == ("aioble",)
    assert read_manifest("import os\nmodule('x.py')\n") is None
    assert read_manifest("print('hello')\n") is None
    assert read_manifest("include('$(MPY_DIR)/extmod/asyncio')\n") is None  # includes only: installs nothing here


def test_circuitpython_core_modules_are_blinkas_and_adafruit_libraries_are_their_circuitpython_distributions(tmp_path):
    # Adafruit_CircuitPython_BME280: requirements.txt names Adafruit-Blinka (which installs board, busio, digitalio
    # on CPython) and adafruit-circuitpython-busdevice (module adafruit_bus_device); Blinka's tests import
    # adafruit_gps, published as adafruit-circuitpython-gps
    write(tmp_path, {
        "requirements.txt": "Adafruit-Blinka\nadafruit-circuitpython-busdevice\n",
        "adafruit_bme280/basic.py": "import board\nimport busio, digitalio\nfrom micropython import const\n"
                                    "from adafruit_bus_device import i2c_device\n",
        "test/uart.py": "import adafruit_gps\n",
    })
    assert imports(tmp_path) == {("adafruit_bme280/basic.py", "adafruit-blinka"),
                                 ("adafruit_bme280/basic.py", "adafruit-circuitpython-busdevice"),
                                 ("test/uart.py", "adafruit-circuitpython-gps")}


def test_klipper_scripts_find_klippy_through_the_paths_they_and_their_helpers_add(tmp_path):
    # klipper's scripts/: a folder name bound over two lines, a helper module beside the script that appends the
    # folder when imported, and a path relative to the repository root its Makefile runs the script from
    write(tmp_path, {
        "scripts/klippy-requirements.txt": "cffi==1.17.1\npyserial==3.5\n",
        "scripts/dump_mcu.py": "import sys\nimport os\nKLIPPER_DIR = os.path.abspath(os.path.join(\n"
                               "    os.path.dirname(__file__), \"../\"))\n"
                               "sys.path.append(os.path.join(KLIPPER_DIR, \"klippy\"))\nimport serialhdl\n",
        "scripts/spi_flash/fatfs_lib.py": "import os\nimport sys\nKLIPPER_DIR = os.path.abspath(os.path.join(\n"
                                          "    os.path.dirname(__file__), \"../../\"))\n"
                                          "sys.path.append(os.path.join(KLIPPER_DIR, \"klippy\"))\nimport chelper\n",
        "scripts/spi_flash/spi_flash.py": "import sys\nimport fatfs_lib\nimport clocksync\nimport made_up_flasher\n",
        "scripts/buildcommands.py": "import sys\nsys.path.append('./klippy')\nimport msgproto\n",
        "klippy/serialhdl.py": "import serial\n",
        "klippy/clocksync.py": "",
        "klippy/msgproto.py": "",
        "klippy/chelper/__init__.py": "import cffi\n",
    })
    assert imports(tmp_path) == {("klippy/serialhdl.py", "pyserial"), ("klippy/chelper/__init__.py", "cffi"),
                                 ("scripts/spi_flash/spi_flash.py", "made-up-flasher")}


def test_logical_lines_join_what_a_bracket_continues_and_nothing_else():
    assert logical_lines('D = f(\n    a, ")"\n)\nx = 1\n') == 'D = f( a, ")" )\nx = 1\n'
    prose = 'def f():\n    """An open bracket (in prose\n' + "    more\n" * 8 + '    """\n'
    assert logical_lines(prose) == prose  # never closed within a few lines: left as it is
    assert path_additions("import os, sys\nROOT = os.path.abspath(os.path.join(\n    os.path.dirname(__file__), '..'))\n"
                          "sys.path.insert(0, os.path.join(ROOT, 'lib'))\n", "tools") == ["lib"]


def test_a_module_a_setup_script_beside_it_writes_and_the_package_folder_it_is_imported_through(tmp_path):
    # micropython-lib's webrepl_setup.py writes ./webrepl_cfg.py, which webrepl.py beside it imports; micropython-async's
    # drivers import themselves through the as_drivers folder copied to the device
    write(tmp_path, {
        "net/webrepl/webrepl_setup.py": 'CONFIG = "./webrepl_cfg.py"\n\ndef setup(passwd):\n'
                                        '    with open(CONFIG, "w") as f:\n        f.write("PASS = %r" % passwd)\n',
        "net/webrepl/webrepl.py": "try:\n    import webrepl_cfg\nexcept ImportError:\n    pass\nimport webrepl_helperz\n",
        "v3/__init__.py": "",
        "v3/as_drivers/as_GPS/__init__.py": "from .as_GPS import *\n",
        "v3/as_drivers/as_GPS/as_GPS.py": "",
        "v3/as_drivers/as_GPS/as_rwGPS.py": "import as_drivers.as_GPS as as_GPS\nimport as_helpers\n",
    })
    assert imports(tmp_path) == {("net/webrepl/webrepl.py", "webrepl-helperz"),
                                 ("v3/as_drivers/as_GPS/as_rwGPS.py", "as-helpers")}


def test_a_module_a_test_above_writes_at_run_time_is_the_tests_and_an_invented_one_is_still_judged(tmp_path):
    # werkzeug's tests/test_serving.py writes `tmp_path / "real_app.py"` (pathlib's write_text) and starts the dev
    # server, whose tests/live_apps/reloader_app.py does `import real_app`; a name no test writes stays judged, and
    # so does the written name imported outside the test folder
    write(tmp_path, {
        "tests/test_serving.py": 'def test_reloader(tmp_path):\n    real_path = tmp_path / "real_app.py"\n'
                                 '    real_path.write_text("syntax error causes import error")\n',
        "tests/live_apps/reloader_app.py": "def app(request):\n    import real_app\n    import flaskquux_reloadr\n",
        "app/serve.py": "import real_app\n",
    })
    assert imports(tmp_path) == {("tests/live_apps/reloader_app.py", "flaskquux-reloadr"), ("app/serve.py", "real-app")}


def test_circuitpython_device_code_gets_the_firmwares_modules_and_blinkas_on_cpython(tmp_path):
    # a CIRCUITPY drive's code.py (Adafruit's guides): touchio and usb_cdc only the firmware has; displayio and
    # terminalio are Adafruit-Blinka-displayio's on CPython; storage and supervisor are names others registered on
    # PyPI and stay judged as those names; neopixel is Adafruit's library (PyPI's neopixel is another project)
    write(tmp_path, {
        "code.py": "import board, displayio, terminalio\nimport touchio, usb_cdc\nimport storage, supervisor\n"
                   "import neopixel\nfrom adafruit_display_text import label\nimport circuitpy_wifi_helperz\n",
    })
    assert imports(tmp_path) == {("code.py", n) for n in (
        "adafruit-blinka", "adafruit-blinka-displayio", "storage", "supervisor", "adafruit-circuitpython-neopixel",
        "adafruit-circuitpython-display-text", "circuitpy-wifi-helperz")}


def test_a_ros_packages_dependencies_are_ros_packages_not_registry_guesses(tmp_path):
    # ros2/rclpy: package.xml depends on rcl_interfaces, action_msgs … (message packages the ROS workspace builds or
    # the distribution installs, resolved by rosdep); the files below it import them; an invented module is judged,
    # and another XML file declares nothing. A file of the workspace outside the package (session 21: navigation2's
    # tools/ scripts) imports the same ROS packages; a name no package.xml names stays judged there, and outside the
    # workspace (the packages' parent folder, ws/src) all of them are judged
    write(tmp_path, {
        "rclpy/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>rclpy</name>\n'
                             "  <depend>rcl_interfaces</depend>\n  <exec_depend>action_msgs</exec_depend>\n"
                             "  <test_depend>test_msgs</test_depend>\n</package>\n",
        "rclpy/rclpy/action/client.py": "from action_msgs.msg import GoalStatus\nfrom rcl_interfaces.msg import P\n"
                                        "import ros_magic_helperz\n",
        "rclpy/test/test_action.py": "from test_msgs.action import Fibonacci\n",
        "tools/report.py": "from action_msgs.msg import GoalStatus\nimport rclpy\nimport diagnostic_msgz\n",
        "docs/pom.xml": "<project><dependency>test_msgs</dependency></project>\n",
    })
    assert imports(tmp_path) == {("rclpy/rclpy/action/client.py", "ros-magic-helperz"),
                                 ("tools/report.py", "diagnostic-msgz")}
    other = tmp_path / "other"
    write(other, {
        "ws/src/nav/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>nav</name>\n'
                                  "  <depend>nav_msgs</depend>\n</package>\n",
        "ws/src/tools/metrics.py": "from nav_msgs.msg import Path\nimport nav\n",
        "scripts/report.py": "from nav_msgs.msg import Path\n",
    })
    assert imports(other) == {("scripts/report.py", "nav-msgs")}
    # a rosdep key one package.xml declares that is no interface package explains imports below that package only
    # (review of 9083084): packages in ros/a and tools/b make the root the workspace, and app/main.py's import of it
    # stays judged
    third = tmp_path / "third"
    write(third, {
        "ros/a/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>a</name>\n</package>\n',
        "tools/b/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>b</name>\n'
                               "  <exec_depend>fakellmkit</exec_depend>\n</package>\n",
        "tools/b/b/node.py": "import fakellmkit\n",
        "app/main.py": "import fakellmkit\nimport a\n",
    })
    assert imports(third) == {("app/main.py", "fakellmkit")}
    # a dependency inside an XML comment is declared by nobody (moveit2's package.xml files: `<!-- TODO(#314): Enable
    # after porting moveit_commander <exec_depend>moveit_commander</exec_depend> -->`), nor is a commented-out name the
    # package's own; the declared one beside it still explains its import
    fourth = tmp_path / "fourth"
    write(fourth, {
        "moveit/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <!-- <name>old_moveit</name> -->\n'
                              "  <name>moveit</name>\n  <!--\n  TODO: enable after porting\n"
                              "  <exec_depend>moveit_commanderz</exec_depend>\n  -->\n"
                              "  <exec_depend>moveit_corez</exec_depend>\n</package>\n",
        "moveit/test/test_plan.py": "import moveit_commanderz\nimport moveit_corez\n",
        "tools/check.py": "import old_moveit\nimport moveit\n",
    })
    assert imports(fourth) == {("moveit/test/test_plan.py", "moveit-commanderz"), ("tools/check.py", "old-moveit")}


def test_a_ros_packages_code_imports_other_ros_packages_generated_interfaces(tmp_path):
    # ros2/rclpy: type_description_service.py imports type_description_interfaces.srv and a test imports
    # service_msgs.msg, interface packages that come with rcl_interfaces (the one its package.xml names); rosidl
    # generates x.msg, x.srv and x.action from a ROS package's interface definitions. Outside a ROS package the same
    # import is judged, and inside it so is a module that is no interface (a .utils of an invented package). A plain
    # `import service_msgs` is not the interface rule's, but service_msgs is a package the ROS distributions release
    # (ros-packages.tsv), so in a ROS package it is the distribution's too (held-out set 317), and not a guess here
    write(tmp_path, {
        "rclpy/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>rclpy</name>\n'
                             "  <depend>rcl_interfaces</depend>\n</package>\n",
        "rclpy/rclpy/type_description_service.py": "from type_description_interfaces.srv import GetTypeDescription\n"
                                                   "import service_msgs.msg\nfrom nav2_msgs.action import NavigateToPose\n"
                                                   "from ros_magic_helperz.utils import x\nimport service_msgs\n",
        "tools/report.py": "from service_msgs.msg import ServiceEventInfo\n",
    })
    assert imports(tmp_path) == {("rclpy/rclpy/type_description_service.py", "ros-magic-helperz"),
                                 ("tools/report.py", "service-msgs")}


def test_a_ros_packages_launch_files_import_the_launch_system(tmp_path):
    # zauberzeug/nicegui's examples/ros2: the gui package's launch/main_launch.py imports launch and launch_ros, which
    # `ros2 launch` runs it with; its package.xml names only rclpy and geometry_msgs. Outside a ROS package the same
    # imports are judged (launch_ros is no PyPI project), and so is an invented one inside it
    write(tmp_path, {
        "ros2_ws/src/gui/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>gui</name>\n'
                                       "  <depend>rclpy</depend>\n  <depend>geometry_msgs</depend>\n</package>\n",
        "ros2_ws/src/gui/launch/main_launch.py": ("from launch import LaunchDescription\nfrom launch_ros.actions import Node\n"
                                                  "import ros_launch_magicz\n"),
        "tools/launch_all.py": "from launch_ros.actions import Node\n",
    })
    assert imports(tmp_path) == {("ros2_ws/src/gui/launch/main_launch.py", "ros-launch-magicz"),
                                 ("tools/launch_all.py", "launch-ros")}


def test_a_ros_packages_launch_files_and_launch_tests_find_packages_with_ament_index_python(tmp_path):
    # navigation2's nav2_bringup/launch/*.py import ament_index_python.packages (package.xml: launch_ros only);
    # moveit2's test/launch/*.test.py import launch_testing and launch_testing.asserts, which no package.xml of the
    # tree names. Outside a ROS workspace both are judged, and so is an invented import inside it
    write(tmp_path, {
        "nav2_bringup/package.xml": '<?xml version="1.0"?>\n<package format="3">\n  <name>nav2_bringup</name>\n'
                                    "  <exec_depend>launch_ros</exec_depend>\n</package>\n",
        "nav2_bringup/launch/bringup_launch.py": "from ament_index_python.packages import get_package_share_directory\n"
                                                 "from launch_testing.asserts import assertExitCodes\n"
                                                 "import launch_testing_ros\nimport ament_index_helperz\n",
    })
    assert imports(tmp_path) == {("nav2_bringup/launch/bringup_launch.py", "ament-index-helperz")}
    other = tmp_path / "other"
    write(other, {"tools/launch_tests.py": "import launch_testing\nfrom ament_index_python import packages\n"})
    assert imports(other) == {("tools/launch_tests.py", "launch-testing"), ("tools/launch_tests.py", "ament-index-python")}


def test_port_bindings_ulab_and_ironpythons_system_namespace(tmp_path):
    # thonny's vendored circuitpython-typeshed stubs import ulab and the raspberrypi port's picodvi; its vendored
    # pyserial's .NET backend imports IronPython's System namespace
    write(tmp_path, {
        "stubs/displayio.pyi": "import picodvi\nfrom ulab import numpy as np\n",
        "serial/serialcli.py": "import System\nimport System.IO.Ports\nimport Systemz\n",
    })
    assert imports(tmp_path) == {("serial/serialcli.py", "systemz")}


def test_an_ament_python_packages_setup_py_names_the_ros_packages_its_package_xml_declares(tmp_path):
    # ros2/ros2cli (held-out set 87): ros2action/setup.py `install_requires=['ros2cli']` beside a package.xml that
    # exec_depends on ros2cli, the sibling package colcon builds (with --no-deps) or rosdep installs: not checked
    # (DG100), never a pass. PyPI's setuptools is judged as usual; so are a name the package.xml does not declare, the
    # same name in a setup.py with no package.xml beside it, and a name only the launch system brings
    write(tmp_path, {
        "ros2action/package.xml": '<?xml version="1.0"?>\n<package format="2">\n  <name>ros2action</name>\n'
                                  "  <exec_depend>ros2cli</exec_depend>\n  <exec_depend>rclpy</exec_depend>\n"
                                  "  <export>\n    <build_type>ament_python</build_type>\n  </export>\n</package>\n",
        "ros2action/setup.py": "from setuptools import setup\n\npackage_name = 'ros2action'\n\n"
                               "setup(\n    name=package_name,\n    install_requires=['ros2cli', 'setuptools', "
                               "'ros2fancyhelperz', 'launch_testing'],\n)\n",
        "plain/setup.py": "from setuptools import setup\n\nsetup(name='plain', install_requires=['ros2cli'])\n",
        # a package.xml of another build type (a catkin or CMake package) beside a setup.py: pip installs its
        # requirements, judged as usual (review of 9083084)
        "catkin_pkg/package.xml": '<?xml version="1.0"?>\n<package format="2">\n  <name>catkin_pkg</name>\n'
                                  "  <exec_depend>fakellmkit</exec_depend>\n</package>\n",
        "catkin_pkg/setup.py": "from setuptools import setup\n\nsetup(name='catkin_pkg', install_requires=['fakellmkit'])\n",
    })
    assert verdicts(judged(tmp_path, {"setuptools"})) == {
        ("catkin_pkg/setup.py", "fakellmkit"): "missing", ("catkin_pkg/setup.py", "setuptools"): "ok",
        ("ros2action/setup.py", "ros2cli"): "not-checked",
        ("ros2action/setup.py", "setuptools"): "ok",
        ("ros2action/setup.py", "ros2fancyhelperz"): "missing",
        ("ros2action/setup.py", "launch_testing"): "missing",
        ("plain/setup.py", "ros2cli"): "missing",
        ("plain/setup.py", "setuptools"): "ok",
    }


def test_robotics_libraries_whose_module_is_not_their_distributions_name(tmp_path):
    # held-out set 87: LeRobot's tests/mocks/mock_feetech.py imports scservo_sdk (its pyproject's feetech-servo-sdk),
    # Genesis' examples rsl_rl ("Please install 'rsl-rl-lib>=5.0.0'"), its USD reader pxr (its usd extra's usd-core)
    # and, once an Omniverse Kit app runs, carb (Kit's Carbonite bindings, no PyPI distribution); an invented module
    # beside them stays judged
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "robot"\nversion = "1"\n'
                          'dependencies = ["feetech-servo-sdk>=1.0.0", "usd-core==25.11"]\n',
        "tests/mocks/mock_feetech.py": "import scservo_sdk as scs\nfrom pxr import Usd\nimport servo_magic_kitz\n",
        "examples/train.py": "from rsl_rl.runners import OnPolicyRunner\n",
        "robot/bake.py": "def bake():\n    import omni.kit_app\n    import carb\n",
    })
    assert {n for _, n in imports(tmp_path)} == {"feetech-servo-sdk", "usd-core", "servo-magic-kitz", "rsl-rl-lib", "omni"}


def test_the_ros_distributions_client_libraries_are_its_runtime_not_registry_names(tmp_path):
    # moveit2's ROS 1 era test scripts import rospy, actionlib and roslib; robotics-toolbox-python's ROS backend imports
    # rospy with no package.xml in the tree: apt's ros-<distro>-* packages install them, never pip
    write(tmp_path, {
        "moveit_ros/move_group/test/test_cancel.py": "import rospy\nimport actionlib\nfrom moveit_msgs.msg import X\n",
        "moveit_ros/warehouse/src/db_path_config.py": "import roslib\nimport ros_magic_helperz\n",
        "backends/ROS/ROS.py": "import rospy\nfrom tf2_ros import Buffer\nfrom rclpy.node import Node\n",
    })
    # the rospy script's moveit_msgs.msg is a generated ROS interface module (set 140: a ROS node outside a package,
    # tests/test_python_residuals.py); the invented plain module stays judged
    assert {n for _, n in imports(tmp_path)} == {"ros-magic-helperz"}
