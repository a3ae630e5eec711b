"""A ROS package's ``package.xml``: the ROS packages it depends on, which are no PyPI distributions.

ROS 1 and ROS 2 packages (colcon, catkin, ament) declare their dependencies in ``package.xml`` (REP 140/149):
``<depend>``, ``<exec_depend>``, ``<test_depend>``, ``<build_depend>``, ``<run_depend>`` … name other ROS packages
(``rcl_interfaces``, ``action_msgs``: generated message modules a workspace builds or the distribution's packages
install) or rosdep keys (``python3-yaml``), resolved by rosdep and the ROS distribution, never by pip. An import of
such a package from the files below the manifest is the ROS package's (rclpy's ``from rcl_interfaces.msg import
Parameter``), not a registry guess. So are the launch system's packages, ``launch`` and ``launch_ros``: ``ros2 launch``
runs a package's launch files with them, from the ROS distribution, whether or not the package.xml lists them
(nicegui's ROS 2 example: ``launch/main_launch.py`` imports ``launch_ros.actions``, its package.xml names rclpy and
geometry_msgs). So is any ROS package's generated interface module, ``x.msg``, ``x.srv`` or ``x.action``, imported
from code inside a ROS package, whether or not the package.xml names ``x``: rosidl generates these modules from the
``msg/``, ``srv/`` and ``action/`` definitions of ROS packages, and a package often gets one through another
(rclpy imports ``service_msgs.msg`` and ``type_description_interfaces.srv``, which come with its ``rcl_interfaces``
dependency). Outside a ROS package such an import is judged as usual. The launch system also counts its test runner,
``launch_testing`` (``launch_test``/``add_launch_test`` run a package's ``*.test.py`` files with it) and
``launch_testing_ros``, and ``ament_index_python``, the package index every launch file finds package share folders
with (``get_package_share_directory``), a dependency of ``launch_ros`` itself: navigation2's ``nav2_bringup`` launch
files import it while its package.xml names launch_ros only, moveit2's launch tests import launch_testing that no
package.xml of the tree names.

A file outside any ROS package may itself show that it is ROS code: a node importing the client library, ``rclpy``
(ROS 2) or ``rospy`` (ROS 1), which the ROS distribution's environment runs (rclnodejs's ``benchmark/rclpy`` stress
tests; the ROS 2 documentation's tutorial code, files its pages include), or a launch file defining what ``ros2
launch`` and launch_testing call, ``generate_launch_description``/``generate_test_description`` (the documentation's
Webots ``robot_launch.py``). Its generated interface modules and, in a launch file, the launch system are then the ROS
distribution's as they are inside a package (:func:`ros_code`); its other imports are judged as usual.

A tree's package.xml files together make a ROS workspace (colcon builds the packages below one folder, its
``src``): a ROS package one of them is, an interface package one of them declares (``*_msgs``, ``*_interfaces``
…) and the launch system are that package for every file of the workspace (the common folder of the packages'
parent folders), inside a package or beside them (navigation2's ``tools/planner_benchmarking/metrics.py`` imports
``geometry_msgs.msg``, which its packages' package.xml files name); any other declared dependency, a rosdep key
that may be any word, explains imports below its own package.xml only. Read with
a regular expression over the text, never an XML parser that could be told to fetch or expand anything.
"""

from __future__ import annotations

import re

NAME = "package.xml"
ROOT = re.compile(r"<package\b[^>]*>")
DEPENDENCY = re.compile(
    r"<(?:depend|exec_depend|build_depend|build_export_depend|buildtool_depend|test_depend|run_depend|doc_depend)"
    r"\b[^>]*>\s*([A-Za-z][A-Za-z0-9_.-]*)\s*</")


# the packages ``ros2 launch`` runs launch files with (ros2/launch and ros2/launch_ros, in every ROS 2 distribution),
# the launch tests' runner (ros2/launch's launch_testing, launch_ros's launch_testing_ros) and the package index the
# launch files look share folders up in (ament/ament_index's ament_index_python, which launch_ros depends on)
LAUNCH_SYSTEM = ("launch", "launch_ros", "launch_testing", "launch_testing_ros", "ament_index_python")
OWN_NAME = re.compile(r"<name>\s*([A-Za-z][A-Za-z0-9_.-]*)\s*</name>")
# an XML comment (one left open runs to the end of the file, as an XML parser would read it)
COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)


def uncommented(text: str) -> str:
    """``text`` without its XML comments: a dependency commented out (moveit2's ``<!-- TODO(#314): Enable after
    porting moveit_commander <exec_depend>moveit_commander</exec_depend> -->``) is declared by nobody."""
    return COMMENT.sub(" ", text) if "<!--" in text else text


def declared_dependencies(text: str) -> list[str]:
    """The package names a ROS ``package.xml`` depends on (in order, once each, outside its comments); none for any
    other XML."""
    if "<package" not in text or ROOT.search(text) is None:
        return []
    return list(dict.fromkeys(DEPENDENCY.findall(uncommented(text))))


def ros_dependencies(text: str) -> list[str]:
    """The package names a ROS ``package.xml`` depends on (in order, once each), and the launch system's packages;
    none for any other XML."""
    declared = declared_dependencies(text)
    return list(dict.fromkeys([*declared, *LAUNCH_SYSTEM])) if declared or ROOT.search(text) else []


# a ROS interface package (rosidl generates its ``x.msg``/``x.srv``/``x.action`` modules): ``geometry_msgs``,
# ``nav2_msgs``, ``rcl_interfaces``, ``example_interfaces``
INTERFACE_PACKAGE = re.compile(r"[a-z][a-z0-9_]*_(?:msgs|srvs|interfaces|actions)")


def workspace_wide(names: list[str], own: str | None) -> list[str]:
    """Of a package.xml's declared ``names`` and its ``own`` name, those that count for every file of its ROS
    workspace, not only below it: the package itself, interface packages and the launch system. Another declared
    dependency (a rosdep key, which may be any word) explains imports only below its own package.xml."""
    return [*(n for n in names if INTERFACE_PACKAGE.fullmatch(n) or n in LAUNCH_SYSTEM), *([own] if own else [])]


# an import of a ROS client library at the start of a line: ``import rclpy``, ``from rclpy.node import Node``
CLIENT_IMPORT = re.compile(r"^[ \t]*(?:import[ \t]+(?:rclpy|rospy)\b|from[ \t]+(?:rclpy|rospy)(?:\.[\w.]+)?[ \t]+import\b)",
                           re.M)
# the function ``ros2 launch`` (launch_ros) and launch_testing call in a launch file
LAUNCH_ENTRY = re.compile(r"^def[ \t]+generate_(?:launch|test)_description[ \t]*\(", re.M)


def ros_code(text: str) -> tuple[bool, bool]:
    """Whether a Python file's own text shows it is ROS code: (a node or launch file, whose generated interface
    modules are the ROS distribution's; a launch file, whose launch system is). A file that only mentions rclpy in
    a comment or a string is neither."""
    launch = "generate_" in text and LAUNCH_ENTRY.search(text) is not None
    node = launch or (("rclpy" in text or "rospy" in text) and CLIENT_IMPORT.search(text) is not None)
    return node, launch


def ros_package_name(text: str) -> str | None:
    """The name a ROS ``package.xml`` gives its package (its first ``<name>``), or None."""
    found = OWN_NAME.search(uncommented(text)) if ROOT.search(text) is not None else None
    return found.group(1) if found else None


def ros_workspace(packages: list[str]) -> str:
    """The folder of the ROS workspace the package folders ``packages`` (relative, POSIX; not empty) make: the
    common folder of their parent folders (``ws/src`` for ``ws/src/a`` and ``ws/src/b``; ``""`` for a package at
    the root)."""
    parents = [p.rpartition("/")[0].split("/") if "/" in p else [] for p in packages]
    common = parents[0]
    for parts in parents[1:]:
        k = 0
        while k < min(len(common), len(parts)) and common[k] == parts[k]:
            k += 1
        common = common[:k]
    return "/".join(common)
