"""Office, spreadsheet and desktop automation (held-out set 117: xlwings, unoserver, rpaframework and others): .NET
namespaces a file loads through pythonnet's ``clr``, LibreOffice's own Python modules, and modules whose
distribution is named otherwise; an invented name in the same place without that evidence stays judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write

# xlwings/xlwings scripts/build_excel_files.py (the CI downloads Aspose.Cells from NuGet into ./aspose first)
ASPOSE_BUILD = (
    "import os\nimport zipfile\n\n# pythonnet\nimport clr\n\n"
    "dll = os.path.abspath(\n    os.path.join(\n"
    '        os.environ["GITHUB_WORKSPACE"], "aspose", "lib", "net40", "Aspose.Cells.dll"\n    )\n)\n'
    "clr.AddReference(dll)\nfrom Aspose.Cells import License, Workbook\n{extra}")


def test_namespaces_of_the_assemblies_a_file_references_through_clr_are_the_clrs(tmp_path):
    # the assembly named by the path handed to clr.AddReference, and a literal reference
    write(tmp_path, {
        "scripts/build_excel_files.py": ASPOSE_BUILD.format(extra=""),
        "tools/forms.py": ('import clr\nclr.AddReference("System.Windows.Forms")\nclr.AddReference(r"C:\\lib\\Contoso.'
                           'Pdf.dll")\nfrom System.Windows.Forms import Form\nfrom Contoso.Pdf import Document\n'),
    })
    assert found(tmp_path, Origin.IMPORT) == {("scripts/build_excel_files.py", "clr"), ("tools/forms.py", "clr")}


def test_an_assembly_referenced_through_a_name_the_file_binds_to_a_literal_is_the_clrs(tmp_path):
    # QCoDeS (held-out spot set 122): the Mini-Circuits USB switch driver binds PATH_TO_DRIVER_45 =
    # r"mcl_RF_Switch_Controller_NET45" on its class, runs clr.AddReference(self.PATH_TO_DRIVER_45), then imports
    # that namespace; a name bound to no literal references nothing the file names, and an invented namespace stays
    write(tmp_path, {
        "drivers/minicircuits.py": (
            "try:\n    import clr\nexcept ImportError:\n    raise\n\nclass Switch:\n"
            '    PATH_TO_DRIVER_45 = r"mcl_RF_Switch_Controller_NET45"\n\n    def __init__(self, path=None):\n'
            "        clr.AddReference(self.PATH_TO_DRIVER_45)\n        clr.AddReference(path)\n"
            "        import mcl_RF_Switch_Controller_NET45 as drv\n        import invented_switch_driver\n"),
    })
    assert found(tmp_path, Origin.IMPORT) == {("drivers/minicircuits.py", "clr"),
                                              ("drivers/minicircuits.py", "invented-switch-driver")}


def test_a_namespace_no_referenced_assembly_names_and_a_file_without_clr_are_still_judged(tmp_path):
    # an invented namespace beside the referenced one, the same imports in a file that does not import clr, and a
    # namespace in a file that imports clr but references no assembly
    write(tmp_path, {
        "scripts/build_excel_files.py": ASPOSE_BUILD.format(extra="from Asposex.Extras import Thing\n"),
        "scripts/plain.py": "from Aspose.Cells import Workbook\n",
        "scripts/bare.py": "import clr\nfrom Contoso.Pdf import Document\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("scripts/build_excel_files.py", "clr"), ("scripts/build_excel_files.py", "asposex"),
        ("scripts/plain.py", "aspose"),
        ("scripts/bare.py", "clr"), ("scripts/bare.py", "contoso")}


def test_libreoffices_own_python_modules_and_modules_named_otherwise(tmp_path):
    # unoconv/unoserver src/unoserver/comparer.py: unohelper is LibreOffice's (beside uno.py in its Python);
    # xlwings/_xlmac.py: aem and osax ship in appscript; rpaframework: JABWrapper in java-access-bridge-wrapper,
    # RequestsLibrary in robotframework-requests. An invented module beside each is still judged as its own name, and
    # so is uno (PyPI's uno is another project's: the name stays judged as that name)
    write(tmp_path, {
        "src/unoserver/comparer.py": (
            "try:\n    import uno\nexcept ImportError:\n    raise ImportError(\n        \"Could not find the 'uno' "
            "library. This package must be installed with a Python \"\n        \"installation that has a 'uno' library."
            "\"\n    )\n\nimport unohelper\nimport unohelperx\n"),
        "xlwings/_xlmac.py": "import aem\nimport appscript\nimport osax\nimport aemx\n",
        "RPA/JavaAccessBridge.py": "from JABWrapper.jab_wrapper import JavaAccessBridgeWrapper\nimport JABWrapperx\n",
        "RPA/HTTP.py": "import RequestsLibrary.log\nfrom RequestsLibrary import RequestsLibrary\nimport RequestsLib\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("src/unoserver/comparer.py", "uno"), ("src/unoserver/comparer.py", "unohelperx"), ("xlwings/_xlmac.py", "appscript"), ("xlwings/_xlmac.py", "aemx"),
        ("RPA/JavaAccessBridge.py", "java-access-bridge-wrapper"), ("RPA/JavaAccessBridge.py", "jabwrapperx"),
        ("RPA/HTTP.py", "robotframework-requests"), ("RPA/HTTP.py", "requestslib")}


def test_a_dll_string_that_reaches_no_reference_names_no_namespace(tmp_path):
    # r24's finding 8 (/tmp/r24/t5): a native library ctypes loads beside a clr reference is no .NET assembly, so an
    # invented module of its name stays judged; a .dll path built inside the call, or bound to the name the call is
    # given, still names its namespace (xlwings' Aspose above), and a .dll bound to a name no call is given does not
    write(tmp_path, {
        "tools/export.py": ('import ctypes\nimport clr\n\nclr.AddReference("System.Windows.Forms")\n'
                            'native = ctypes.WinDLL("fastcodec.dll")\n\nimport fastcodec\n'
                            "from System.Windows.Forms import Form\n"),
        "tools/inline.py": ('import os\nimport clr\nclr.AddReference(os.path.join(os.path.dirname(__file__), "lib",  # (x\n'
                            '                               "Contoso.Pdf.dll"))\nfrom Contoso.Pdf import Document\n'),
        "tools/other.py": ('import os\nimport clr\ncodec = os.path.join("bin", "Fabrikam.Codec.dll")\n'
                           'forms = "System.Windows.Forms"\nclr.AddReference(forms)\nfrom Fabrikam.Codec import Run\n'),
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("tools/export.py", "clr"), ("tools/export.py", "fastcodec"),
        ("tools/inline.py", "clr"),
        ("tools/other.py", "clr"), ("tools/other.py", "fabrikam")}


def test_many_reference_calls_and_open_bindings_are_read_a_bounded_number_of_times(tmp_path):
    # r24 #12: every clr.AddReference(x) call re-read every binding of x up to 4,000 characters (300 open `x = f(a,`
    # bindings and 300 calls: 37 s); each name's bindings are now read once and at most 64 calls and bindings are read.
    # The reference among the first calls is still read
    from depguard.ecosystems.pypi.clr_namespaces import clr_namespaces

    text = ("import clr\ndll = 'C:/lib/Real.Lib.dll'\nclr.AddReference(dll)\n" + "x = f(a,\n" * 300
            + "clr.AddReference(x)\n" * 300)
    assert clr_namespaces(text) == frozenset({"Real"})



def test_a_name_a_reference_call_is_given_is_looked_up_where_python_looks_it_up(tmp_path):
    # r25 #3 (/tmp/r25/t3): a helper's parameter handed to clr.AddReference is bound by the caller, not by
    # `name = "fastjsonx"` in another function, so the invented import stays judged; a module-level constant a function
    # hands to the call, a function's own binding and a method's self.X set in __init__ still name their namespaces;
    # a namespace in lower case only counts when a literal of a reference call names it
    write(tmp_path, {
        "tools/export.py": ('import clr\nimport sys\n\n\ndef add_reference(name):\n    clr.AddReference(name)\n\n\n'
                            'def codec_name():\n    name = "fastjsonx"\n    return name\n\n\n'
                            'add_reference("System.Windows.Forms")\nfrom System.Windows.Forms import Form  # noqa\n\n'
                            'import fastjsonx  # noqa\n'),
        "tools/scoped.py": ('import clr\nDRIVER = r"C:\\lib\\Contoso.Pdf.dll"\n\n\ndef load():\n'
                            '    clr.AddReference(DRIVER)\n    lib = "Fabrikam.Codec"\n    clr.AddReference(lib)\n\n\n'
                            'def other():\n    dll = "Northwind.Data"\n    return dll\n\n\n'
                            'class Device:\n    def __init__(self):\n        self.ASSEMBLY = "Litware.Io"\n\n'
                            '    def open(self):\n        clr.AddReference(self.ASSEMBLY)\n        clr.AddReference(dll)\n\n\n'
                            'from Contoso.Pdf import Document\nfrom Fabrikam.Codec import Run\nfrom Litware.Io import Port\n'
                            'from Northwind.Data import Table\n'),
        "tools/lower.py": ('import clr\ncodec = "quickhttpz"\nclr.AddReference(codec)\nclr.AddReference("mscodecs")\n'
                           'import quickhttpz\nimport mscodecs\n'),
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("tools/export.py", "clr"), ("tools/export.py", "fastjsonx"),
        ("tools/scoped.py", "clr"), ("tools/scoped.py", "northwind"),
        ("tools/lower.py", "clr"), ("tools/lower.py", "quickhttpz")}


def test_an_assembly_whose_namespace_has_another_name_gives_that_namespace():
    # held-out set 250: CyrilWaechter/pyRevitMEP's lib/pyrevitmep/libreoffice.py references LibreOffice's
    # cli_types.dll by path and imports `unoidl.com.sun.star` (the CLI-UNO types' namespace); RevitAPI.dll's
    # namespace is Autodesk.Revit. Without the reference, the same imports are not the CLR's
    from depguard.ecosystems.pypi.clr_namespaces import clr_namespaces

    text = ('import clr\nclr.AddReferenceToFileAndPath(r"C:\\Program Files\\LibreOffice\\program\\cli_uno.dll")\n'
            'clr.AddReferenceToFileAndPath(r"C:\\Program Files\\LibreOffice\\program\\cli_types.dll")\n'
            "clr.AddReference('RevitAPI')\nfrom unoidl.com.sun.star import uno\nfrom Autodesk.Revit import DB\n")
    assert {"unoidl", "Autodesk"} <= clr_namespaces(text)
    assert not {"unoidl", "Autodesk"} & clr_namespaces("import clr\nclr.AddReference('System.Xml')\nimport unoidl\n")
