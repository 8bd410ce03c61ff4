#!/usr/bin/env python3
"""Source files over 500 code lines and functions over 80 lines, in src/ and lab/src/.

Code lines: neither blank nor comment lines, and outside `#[cfg(test)]` modules. A file may be
longer when its first 40 lines say why ("longer than 500 lines because ..."); a function when
the 5 lines above it say why ("longer than 80 lines because ..."). Prints each one over its
limit, those with a reason marked as such, and exits 1 if any has none.
"""
import pathlib
import re
import sys

FILE_LIMIT, FN_LIMIT = 500, 80
FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def test_module_lines(lines):
    """Indices of the lines of `#[cfg(test)]` modules."""
    inside = set()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "#[cfg(test)]" and i + 1 < len(lines) and re.match(r"\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", lines[i + 1]):
            depth, j = 0, i + 1
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                inside.add(j)
                if depth == 0:
                    break
                j += 1
            inside.add(i)
            i = j
        i += 1
    return inside


def code_lines(lines, tests):
    count, in_block = 0, False
    for i, line in enumerate(lines):
        text = line.strip()
        if i in tests:
            continue
        if in_block:
            in_block = "*/" not in text
            continue
        if text.startswith("/*"):
            in_block = "*/" not in text
            continue
        if text and not text.startswith("//"):
            count += 1
    return count


def long_functions(lines, tests):
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m or i in tests or line.rstrip().endswith(";"):
            continue
        indent = m.group(1)
        for j in range(i + 1, len(lines)):
            if lines[j].startswith(indent + "}") and not lines[j].startswith(indent + "} else"):
                length = j - i + 1
                if length > FN_LIMIT:
                    yield m.group(7), i + 1, length, says_why(lines[max(0, i - 6):i], FN_LIMIT)
                break


def says_why(lines, limit):
    """Whether these comment lines say why the file or function is longer than `limit`."""
    text = " ".join(re.sub(r"^\s*//[/!]?", "", line) for line in lines)
    return f"longer than {limit} lines because" in " ".join(text.lower().split())


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    missing = 0
    for path in sorted([*root.glob("src/**/*.rs"), *root.glob("lab/src/**/*.rs")]):
        lines = path.read_text().splitlines()
        tests = test_module_lines(lines)
        name = path.relative_to(root)
        code = code_lines(lines, tests)
        if code > FILE_LIMIT:
            reason = says_why(lines[:40], FILE_LIMIT)
            missing += not reason
            print(f"{name}: {code} code lines{' (says why)' if reason else ''}")
        for fn, at, length, reason in long_functions(lines, tests):
            missing += not reason
            print(f"{name}:{at}: fn {fn}, {length} lines{' (says why)' if reason else ''}")
    print(f"{missing} without a reason")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
