#!/usr/bin/env python3
"""Follows every relative link in README.md and docs/*.md and fails on one
that does not resolve to a file or folder inside the repository.

  tools/check_links.py [REPO_ROOT]

Prints one line per dead link (file:line: target) and exits 1 when there is
any, 0 otherwise. Web links (http, https, mailto) and in-page anchors are
not followed; a link's own #fragment is ignored.
"""
import pathlib
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def documents(root):
    yield root / "README.md"
    yield from sorted((root / "docs").glob("*.md"))


def dead_links(root):
    for doc in documents(root):
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue
                path = (doc.parent / target.split("#", 1)[0]).resolve()
                inside = path == root or root in path.parents
                if not inside or not path.exists():
                    yield "%s:%d: %s%s" % (doc.relative_to(root), number, target,
                                           "" if inside else " (outside the repository)")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent).resolve()
    dead = list(dead_links(root))
    for line in dead:
        print(line)
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main())
