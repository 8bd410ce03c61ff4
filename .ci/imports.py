#!/usr/bin/env python3
"""Import circles between the files of src/: files that use each other, directly or through
other files. A name is followed to the file that defines it, through the `pub use` re-exports
of a folder's face (its mod.rs). The faces themselves (mod.rs, lib.rs) are not counted: every
file of a folder uses its face, which declares them, so a circle through a face says nothing.
Test modules (`#[cfg(test)] mod … { … }`) are left out. Prints each circle and exits 1 if any.
"""
import pathlib
import re
import sys

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def module_of(path):
    """The module path of a source file: src/service/learning/hints.rs → (service, learning, hints)."""
    parts = path.relative_to(SRC).with_suffix("").parts
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return tuple(parts)


def code_of(text):
    """The text without comments, string contents and test modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    out, i = [], 0
    for match in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
        if match.start() < i:
            continue
        out.append(text[i:match.start()])
        depth, j = 1, match.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def expand(tree):
    """The paths of a use tree: `a::{b, c::{d, self}}` → a::b, a::c::d, a::c."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree.split(" as ")[0]]
    prefix, inner = tree[:brace], tree[brace + 1:tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(inner):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(inner[start:k])
            start = k + 1
    parts.append(inner[start:])
    paths = []
    for part in filter(None, parts):
        for path in expand(part):
            paths.append(prefix.rstrip(":") if path == "self" else prefix + path)
    return paths


def main():
    files = {module_of(p): p for p in SRC.rglob("*.rs") if p.name != "main.rs"}
    faces = {m for m, p in files.items() if p.name in ("mod.rs", "lib.rs")}
    codes = {m: code_of(p.read_text()) for m, p in files.items()}
    use_re = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
    reexports = {m: [expand(t) for public, t in use_re.findall(c) if public] for m, c in codes.items()}

    def defines(module, name):
        return re.search(rf"\bpub(\([^)]*\))?\s+(async\s+)?(struct|enum|fn|const|static|type|trait|mod)\s+{name}\b", codes.get(module, ""))

    def resolve(module, segments, seen=()):
        """The file that defines what `segments` name, read from `module`."""
        if not segments:
            return module
        head, rest = segments[0], segments[1:]
        if head == "crate":
            return resolve((), rest, seen)
        if head == "super":
            return resolve(module[:-1], rest, seen)
        if head == "self":
            return resolve(module, rest, seen)
        if module + (head,) in files:
            return resolve(module + (head,), rest, seen)
        # An item of this module: defined here, or re-exported from a child.
        for paths in reexports.get(module, []):
            for path in paths:
                names = path.split("::")
                if names[-1] in (head, "*") and (module, path) not in seen:
                    target = resolve(module, names[:-1], seen + ((module, path),))
                    if names[-1] == head or defines(target, head):
                        return resolve(target, [head] + rest, seen + ((module, path),)) if target != module else module
        return module

    why = {}
    edges = {m: set() for m in files}
    for module, code in codes.items():
        paths = [p for _, tree in use_re.findall(code) for p in expand(tree)]
        paths += re.findall(rf"\b(?:crate|super)(?:::{IDENT})+", use_re.sub("", code))
        for path in paths:
            segments = [s for s in path.split("::") if s]
            if segments[0] not in ("crate", "super", "self"):
                continue
            target = resolve(module, segments)
            if target != module and target in files and target not in faces and module not in faces:
                edges[module].add(target)
                why.setdefault((module, target), path)

    # Tarjan's strongly connected components.
    index, low, stack, on, circles, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    for circle in circles:
        names = ", ".join(str(files[m].relative_to(SRC.parent)) for m in circle)
        print(f"import circle: {names}")
        for a in circle:
            for b in sorted(edges[a] & set(circle)):
                print(f"    {files[a].name} uses {files[b].name}: {why[(a, b)]}")
    print(f"{len(files)} files, {sum(map(len, edges.values()))} imports between files, {len(circles)} circles")
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
