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
dependency). Outside a ROS package such an import is judged as usual. Read with a regular expression over the text, never an XML parser that could be
told to fetch or expand anything.
"""

from __future__ import annotations

import re

NAME = "package.xml"
ROOT = re.compile(r"<package\b[^>]*>")
DEPENDENCY = re.compile(
    r"<(?:depend|exec_depend|build_depend|build_export_depend|buildtool_depend|test_depend|run_depend|doc_depend)"
    r"\b[^>]*>\s*([A-Za-z][A-Za-z0-9_.-]*)\s*</")


# the packages ``ros2 launch`` runs launch files with (ros2/launch and ros2/launch_ros, in every ROS 2 distribution)
LAUNCH_SYSTEM = ("launch", "launch_ros")


def ros_dependencies(text: str) -> list[str]:
    """The package names a ROS ``package.xml`` depends on (in order, once each), and the launch system's packages;
    none for any other XML."""
    if "<package" not in text or ROOT.search(text) is None:
        return []
    return list(dict.fromkeys([*DEPENDENCY.findall(text), *LAUNCH_SYSTEM]))
