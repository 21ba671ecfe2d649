#!/usr/bin/env python3
"""Generate a glad-style OpenGL loader from the Khronos registry (gl.xml).

The output is an OpenGL 3.3 core-profile loader plus the GL_KHR_debug
extension: third_party/glad/include/glad/gl.h and third_party/glad/src/gl.c.
It follows the interface of glad 2 (https://github.com/Dav1dde/glad):
gladLoadGL(GLADloadfunc) returns the context version as major * 10000 + minor.

Selection rules follow the registry schema (Khronos "registry.rnc" and the
"The Khronos XML API Registry" document): the <require> blocks of every
<feature api="gl"> up to 3.3 add enums, commands and types, then the
<remove profile="core"> blocks drop the compatibility-only ones; the
extension's <require> blocks are applied last (api "gl", profile core).

Only the Python standard library is used, and the output is deterministic
(sorted names, no timestamps), so the committed files can be checked by
regenerating them: python3 tools/gen_glad.py --out DIR.
"""

import argparse
import hashlib
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

DEFAULT_REGISTRY = "/usr/share/khronos-api/gl.xml"
REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "third_party" / "glad"

API = "gl"
PROFILE = "core"
TARGET_VERSION = (3, 3)
EXTENSIONS = ("GL_KHR_debug",)

# khrplatform.h types replaced by <stdint.h>/<stddef.h> ones of the same width
# and signedness, so the header needs no KHR/khrplatform.h.
KHRONOS_TYPES = {
    "khronos_int8_t": "int8_t", "khronos_uint8_t": "uint8_t",
    "khronos_int16_t": "int16_t", "khronos_uint16_t": "uint16_t",
    "khronos_int32_t": "int32_t", "khronos_uint32_t": "uint32_t",
    "khronos_int64_t": "int64_t", "khronos_uint64_t": "uint64_t",
    "khronos_float_t": "float", "khronos_intptr_t": "intptr_t",
    "khronos_uintptr_t": "uintptr_t", "khronos_ssize_t": "ptrdiff_t",
    "khronos_usize_t": "size_t",
}

# Include guards of other GL headers (Mesa GL/gl.h, glext.h, glcorearb.h and
# the SDL copies of them). Defining them after our own checks makes a later
# system GL include expand to nothing instead of redeclaring every function.
FOREIGN_GUARDS = ("__gl_h_", "__gl3_h_", "__glext_h_", "__gl3ext_h_",
                  "__gl_glext_h_", "__glcorearb_h_", "__gl_glcorearb_h_")


def api_matches(element):
    """True if an element's api/profile attributes allow desktop GL core."""
    api = element.get("api")
    profile = element.get("profile")
    return api in (None, API) and profile in (None, PROFILE)


def version_of(feature):
    """Return a <feature>'s number attribute as a (major, minor) tuple."""
    major, minor = feature.get("number").split(".")
    return int(major), int(minor)


def render_type(type_element):
    """Return the C text of a <type>, with <apientry/> as GLAD_API_PTR and
    khronos_* types mapped onto the standard ones."""
    parts = [type_element.text or ""]
    for child in type_element:
        parts.append("GLAD_API_PTR" if child.tag == "apientry" else "".join(child.itertext()))
        parts.append(child.tail or "")
    text = "".join(parts)

    def replace(match):
        name = match.group(0)
        if name not in KHRONOS_TYPES:
            sys.exit("gen_glad: unknown khrplatform type %s" % name)
        return KHRONOS_TYPES[name]
    return re.sub(r"\bkhronos_\w+", replace, text)


def type_name(type_element):
    """Return the name a <type> defines (name attribute or <name> child)."""
    if type_element.get("name"):
        return type_element.get("name")
    name = type_element.find("name")
    return name.text if name is not None else None


class Command:
    """One GL entry point: name, return type and parameter declarations."""

    def __init__(self, element):
        proto = element.find("proto")
        self.name = proto.find("name").text
        parts = [proto.text or ""]
        for child in proto:
            if child.tag == "name":
                break
            parts.append("".join(child.itertext()) + (child.tail or ""))
        self.return_type = " ".join("".join(parts).split())
        self.params = [" ".join("".join(p.itertext()).split()) for p in element.findall("param")]
        # Type names this command's prototype uses (for type selection).
        self.types = {t.text for t in element.iter("ptype")}

    @property
    def pfn(self):
        """The function pointer type name, e.g. PFNGLCLEARPROC."""
        return "PFN%sPROC" % self.name.upper()

    def typedef(self):
        """The C typedef of the function pointer type."""
        params = ", ".join(self.params) if self.params else "void"
        return "typedef %s (GLAD_API_PTR *%s)(%s);" % (self.return_type, self.pfn, params)


class Registry:
    """The parts of gl.xml this generator needs, indexed by name."""

    def __init__(self, path):
        self.raw = pathlib.Path(path).read_bytes()
        root = ET.fromstring(self.raw)
        self.enums = {}
        for enum in root.iter("enum"):
            if enum.get("value") is not None and enum.get("api") in (None, API):
                self.enums[enum.get("name")] = enum.get("value") + (enum.get("type") or "")
        self.commands = {}
        for element in root.find("commands").findall("command"):
            if element.get("api") in (None, API):
                command = Command(element)
                self.commands[command.name] = command
        self.types = [(type_name(t), t) for t in root.find("types").findall("type")
                      if t.get("api") in (None, API)]
        self.features = sorted((f for f in root.findall("feature")
                                if f.get("api") == API and version_of(f) <= TARGET_VERSION),
                               key=version_of)
        self.extensions = {e.get("name"): e for e in root.find("extensions")}

    def sha256(self):
        """Hash of the registry file, recorded in the generated header."""
        return hashlib.sha256(self.raw).hexdigest()


def names_in(block, kind):
    """Names of the <enum>, <command> or <type> entries in a require/remove."""
    return [e.get("name") for e in block.findall(kind)]


class Selection:
    """What the loader exposes: per feature/extension enums and commands,
    after applying core-profile removals."""

    def __init__(self, registry):
        self.registry = registry
        self.enums, self.commands, self.types = set(), set(), set()
        # (name, major, minor, [commands]) per version, in version order.
        self.versions = []
        per_feature = []
        for feature in registry.features:
            listed = []
            for block in feature:
                if not api_matches(block):
                    continue
                if block.tag == "require":
                    self.enums.update(names_in(block, "enum"))
                    self.types.update(names_in(block, "type"))
                    self.commands.update(names_in(block, "command"))
                    listed += names_in(block, "command")
                elif block.tag == "remove":
                    self.enums.difference_update(names_in(block, "enum"))
                    self.types.difference_update(names_in(block, "type"))
                    self.commands.difference_update(names_in(block, "command"))
            per_feature.append((feature, listed))
        # A command belongs to a version's loader only if it survived removal.
        for feature, listed in per_feature:
            major, minor = version_of(feature)
            kept = unique(c for c in listed if c in self.commands)
            self.versions.append((feature.get("name"), major, minor, kept))
        # Extensions come last: they may re-add removed names (KHR_debug needs
        # glGetPointerv and GL_STACK_OVERFLOW, which core 3.2 removed).
        self.extensions = []
        for name in EXTENSIONS:
            extension = registry.extensions[name]
            listed = []
            for block in extension.findall("require"):
                if api_matches(block):
                    self.enums.update(names_in(block, "enum"))
                    self.types.update(names_in(block, "type"))
                    listed += names_in(block, "command")
            self.commands.update(listed)
            self.extensions.append((name, unique(listed)))
        self.types = self.close_types()

    def close_types(self):
        """Every type named by a selected feature or command, plus the types
        those types' definitions use, so the header compiles on its own."""
        wanted = set(self.types)
        for name in self.commands:
            wanted |= self.registry.commands[name].types
        by_name = dict(self.registry.types)
        changed = True
        while changed:
            changed = False
            for name in list(wanted):
                element = by_name.get(name)
                if element is None:
                    sys.exit("gen_glad: type %s not in registry" % name)
                used = set(re.findall(r"\bGL\w+", render_type(element)))
                used.discard(name)
                if element.get("requires") and element.get("requires") != "khrplatform":
                    used.add(element.get("requires"))
                new = {u for u in used if u in by_name} - wanted
                if new:
                    wanted |= new
                    changed = True
        return wanted


def unique(names):
    """Drop repeated names, keeping the first occurrence's order."""
    seen = set()
    return [n for n in names if not (n in seen or seen.add(n))]


def banner(registry, selection, file_name):
    """The comment opening each generated file."""
    return "\n".join([
        "/*",
        " * %s: OpenGL %d.%d %s profile loader with %s, in the style of glad 2."
        % (file_name, TARGET_VERSION[0], TARGET_VERSION[1], PROFILE, ", ".join(EXTENSIONS)),
        " *",
        " * GENERATED FILE, do not edit. Generated by tools/gen_glad.py from the Khronos",
        " * registry gl.xml (sha256 %s)." % registry.sha256(),
        " * Regenerate from the repository root with:",
        " *     python3 tools/gen_glad.py --registry /usr/share/khronos-api/gl.xml",
        " * %d functions, %d enums." % (len(selection.commands), len(selection.enums)),
        " */",
        ""])


def feature_flags(selection):
    """(macro name, flag name) for every version and extension, in order."""
    names = [v[0] for v in selection.versions] + [e[0] for e in selection.extensions]
    return [(n, "GLAD_" + n) for n in names]


def write_header(registry, selection):
    """Return the text of include/glad/gl.h."""
    out = [banner(registry, selection, "glad/gl.h"), "#ifndef GLAD_GL_H_", "#define GLAD_GL_H_", ""]
    for guard in FOREIGN_GUARDS + ("GL_VERSION_1_0",):
        out += ["#ifdef %s" % guard,
                "#error Another OpenGL header was included before <glad/gl.h>; include glad first.",
                "#endif"]
    out += ["#define %s 1" % g for g in FOREIGN_GUARDS]
    out += ["", "#include <stddef.h>", "#include <stdint.h>", "",
            "#if defined(_WIN32) && !defined(__CYGWIN__)",
            "#define GLAD_API_PTR __stdcall", "#else", "#define GLAD_API_PTR", "#endif",
            "#ifndef APIENTRY", "#define APIENTRY GLAD_API_PTR", "#endif",
            "#ifndef APIENTRYP", "#define APIENTRYP APIENTRY *", "#endif", "",
            "#ifdef __cplusplus", 'extern "C" {', "#endif", "",
            "/* gladLoadGL returns the context version as major * 10000 + minor. */",
            "#define GLAD_MAKE_VERSION(major, minor) ((major) * 10000 + (minor))",
            "#define GLAD_VERSION_MAJOR(version) ((version) / 10000)",
            "#define GLAD_VERSION_MINOR(version) ((version) % 10000)", "",
            "typedef void (*GLADapiproc)(void);",
            "typedef GLADapiproc (*GLADloadfunc)(const char *name);", "", "/* Types. */"]
    out += [render_type(t) for name, t in registry.types if name in selection.types]
    out += ["", "/* Enums. */"]
    out += ["#define %s %s" % (n, registry.enums[n]) for n in sorted(selection.enums)]
    out += ["", "/* Versions and extensions: GLAD_* is set by gladLoadGL when available. */"]
    for macro, flag in feature_flags(selection):
        out += ["#define %s 1" % macro, "extern int %s;" % flag]
    commands = [registry.commands[n] for n in sorted(selection.commands)]
    out += ["", "/* Function pointer types. */"] + [c.typedef() for c in commands]
    out += ["", "/* Function pointers, NULL until loaded. */"]
    for command in commands:
        out += ["extern %s glad_%s;" % (command.pfn, command.name),
                "#define %s glad_%s" % (command.name, command.name)]
    out += ["", "/* Loads every function of the context; returns its version as",
            " * GLAD_MAKE_VERSION(major, minor), or 0 if glGetString is missing or the",
            " * context is not desktop OpenGL %d.%d or newer. */" % TARGET_VERSION,
            "int gladLoadGL(GLADloadfunc load);", "",
            "#ifdef __cplusplus", "}", "#endif", "", "#endif /* GLAD_GL_H_ */", ""]
    return "\n".join(out)


def write_loader(name, flag, commands, registry):
    """Return a static C function loading one version's or extension's
    commands when its GLAD_* flag is set."""
    out = ["static void glad_load_%s(GLADloadfunc load) {" % name,
           "    if (!%s) return;" % flag]
    for command_name in commands:
        pfn = registry.commands[command_name].pfn
        out.append('    glad_%s = (%s) load("%s");' % (command_name, pfn, command_name))
    return out + ["}", ""]


def write_source(registry, selection):
    """Return the text of src/gl.c."""
    commands = sorted(selection.commands)
    flags = feature_flags(selection)
    out = [banner(registry, selection, "gl.c"), "#include <glad/gl.h>", "",
           "#include <string.h>", ""]
    out += ["int %s = 0;" % flag for _, flag in flags] + [""]
    out += ["%s glad_%s = NULL;" % (registry.commands[n].pfn, n) for n in commands]
    out += ["", "/* Clears every flag and pointer so a failed load leaves nothing stale. */",
            "static void glad_reset(void) {"]
    out += ["    %s = 0;" % flag for _, flag in flags]
    out += ["    glad_%s = NULL;" % n for n in commands] + ["}", ""]
    for name, _, _, listed in selection.versions:
        out += write_loader(name, "GLAD_" + name, listed, registry)
    for name, listed in selection.extensions:
        out += write_loader(name, "GLAD_" + name, listed, registry)
    out += [
        "/* Parses \"major.minor...\" from glGetString(GL_VERSION); OpenGL ES strings",
        " * (\"OpenGL ES 3.2 ...\") are rejected because this is a desktop loader. */",
        "static int glad_parse_version(const char *text, int *major, int *minor) {",
        "    if (text == NULL || strncmp(text, \"OpenGL ES\", 9) == 0) return 0;",
        "    if (*text < '0' || *text > '9') return 0;",
        "    *major = 0;",
        "    while (*text >= '0' && *text <= '9') *major = *major * 10 + (*text++ - '0');",
        "    if (*text++ != '.' || *text < '0' || *text > '9') return 0;",
        "    *minor = 0;",
        "    while (*text >= '0' && *text <= '9') *minor = *minor * 10 + (*text++ - '0');",
        "    return 1;",
        "}", "",
        "/* Core profiles have no glGetString(GL_EXTENSIONS): walk glGetStringi. */",
        "static int glad_has_extension(const char *name) {",
        "    GLint count = 0;",
        "    GLint i;",
        "    if (glad_glGetIntegerv == NULL || glad_glGetStringi == NULL) return 0;",
        "    glad_glGetIntegerv(GL_NUM_EXTENSIONS, &count);",
        "    for (i = 0; i < count; ++i) {",
        "        const char *extension = (const char *)glad_glGetStringi(GL_EXTENSIONS, (GLuint)i);",
        "        if (extension != NULL && strcmp(extension, name) == 0) return 1;",
        "    }",
        "    return 0;",
        "}", "",
        "int gladLoadGL(GLADloadfunc load) {",
        "    int major = 0;",
        "    int minor = 0;",
        "    glad_reset();",
        "    if (load == NULL) return 0;",
        '    glad_glGetString = (PFNGLGETSTRINGPROC)load("glGetString");',
        "    if (glad_glGetString == NULL) return 0;",
        "    if (!glad_parse_version((const char *)glad_glGetString(GL_VERSION), &major, &minor) ||",
        "        major < %d || (major == %d && minor < %d)) {" % (TARGET_VERSION[0], TARGET_VERSION[0],
                                                             TARGET_VERSION[1]),
        "        glad_reset();",
        "        return 0;",
        "    }"]
    for name, major, minor, _ in selection.versions:
        out.append("    GLAD_%s = major > %d || (major == %d && minor >= %d);" % (name, major, major, minor))
    out += ["    glad_load_%s(load);" % v[0] for v in selection.versions]
    for name, _ in selection.extensions:
        out += ['    GLAD_%s = glad_has_extension("%s");' % (name, name),
                "    glad_load_%s(load);" % name]
    out += ["    return GLAD_MAKE_VERSION(major, minor);", "}", ""]
    return "\n".join(out)


def main(argv):
    """Parse arguments, generate both files, write them under --out."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registry", default=DEFAULT_REGISTRY, help="path to gl.xml")
    parser.add_argument("--out", default=str(DEFAULT_OUT),
                        help="output directory (gets include/glad/gl.h and src/gl.c)")
    args = parser.parse_args(argv)
    try:
        registry = Registry(args.registry)
    except (OSError, ET.ParseError) as error:
        sys.exit("gen_glad: cannot read registry %s: %s" % (args.registry, error))
    selection = Selection(registry)
    missing = sorted((selection.enums - registry.enums.keys()) |
                     (selection.commands - registry.commands.keys()))
    if missing:
        sys.exit("gen_glad: names not defined in registry: %s" % ", ".join(missing))
    out = pathlib.Path(args.out)
    files = {out / "include" / "glad" / "gl.h": write_header(registry, selection),
             out / "src" / "gl.c": write_source(registry, selection)}
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="ascii", newline="\n") as stream:
            stream.write(text)
    print("gen_glad: %d functions, %d enums -> %s" % (len(selection.commands),
                                                       len(selection.enums), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
