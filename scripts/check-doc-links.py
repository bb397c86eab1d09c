#!/usr/bin/env python3
"""Checks the links of the documentation (run by .ci/run before the tests):

1. every relative link in every Markdown file of the repository — `[text](path)`,
   `[text](path#anchor)`, `![alt](image)` and `[label]: path` definitions — names a file or
   directory that exists (relative to the Markdown file; a leading `/` means the repository
   root). When a link to a Markdown file has an anchor, the anchor must be one of that file's
   headings (GitHub's slugs: lower case, punctuation dropped, spaces to `-`) or an explicit
   `<a name="...">`/`id="..."`;
2. every path `docs/...` named in the Rust sources, the Markdown files and the CI scripts (help
   texts, comments, prose) exists, so a page that moves leaves no dangling mention. Paths with
   a placeholder segment (`docs/frontier/NAME.tsv`) are skipped.

External links (`http:`, `https:`, `mailto:`) and links inside code blocks and code spans are
not checked. Exit 1 with one line per broken link.

    python3 scripts/check-doc-links.py [ROOT]
"""

import os
import re
import sys
import unicodedata
from urllib.parse import unquote

SKIP_DIRS = {".git", "target", "node_modules", ".mirror"}
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/[A-Za-z0-9_./+-]*[A-Za-z0-9_+-]")
# Placeholders in paths of the prose (`docs/frontier/NAME.tsv`): a segment that is one of these.
PLACEHOLDERS = {"NAME", "FILE", "DIR", "PATH", "PUZZLE", "N", "X"}
MENTION_EXT = (".rs", ".md", ".py", ".sh", ".toml")
CI_FILES = ("run", "check-structure", "check-core-io", "io-allowlist")


def walk(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("target"))
        for f in sorted(files):
            path = os.path.join(d, f)
            if os.path.isfile(path) and not os.path.islink(path):
                yield path  # (the hostile test corpus holds dangling links and loops)


def strip_code(text):
    """Markdown with fenced code blocks and code spans blanked (line numbers kept)."""
    out, fence = [], None
    for line in text.split("\n"):
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            out.append("")
            continue
        if m:
            fence = m.group(1)
            out.append("")
            continue
        if re.match(r"^( {4}|\t)", line) and (not out or not out[-1].strip() or out[-1] == ""):
            # An indented code block (after a blank line); good enough for our pages.
            out.append("")
            continue
        out.append(re.sub(r"(`+)(?:(?!\1).)+?\1", lambda s: " " * len(s.group(0)), line))
    return "\n".join(out)


def slug(heading):
    """GitHub's anchor for a heading."""
    h = re.sub(r"<[^>]+>", "", heading).strip().lower()
    h = re.sub(r"[`*~]", "", h)
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", h)
    keep = []
    for ch in h:
        cat = unicodedata.category(ch)
        if ch in " -_" or ch.isalnum() or cat.startswith("L") or cat.startswith("N"):
            keep.append(ch)
    return "".join(keep).replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        text = open(path, encoding="utf-8").read()
        seen, found = {}, set()
        for line in strip_code(text).split("\n"):
            m = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                s = slug(m.group(1))
                n = seen.get(s, 0)
                seen[s] = n + 1
                found.add(s if n == 0 else f"{s}-{n}")
        found.update(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
        found.update(re.findall(r"\sid=\"([^\"]+)\"", text))
        cache[path] = found
    return cache[path]


def check_link(root, md, target):
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
        return None  # external (http:, https:, mailto:, ...)
    path, _, anchor = target.partition("#")
    path = path.split("?", 1)[0]
    if not path:
        dest = md
    elif path.startswith("/"):
        dest = os.path.join(root, path.lstrip("/"))
    else:
        dest = os.path.normpath(os.path.join(os.path.dirname(md), path))
    if not os.path.exists(dest):
        dest2 = unquote(dest)
        if not os.path.exists(dest2):
            return f"no such file: {path}"
        dest = dest2
    if anchor and dest.endswith(".md") and os.path.isfile(dest):
        if unquote(anchor).lower() not in anchors(dest):
            return f"no heading #{anchor} in {os.path.relpath(dest, root)}"
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    problems, links, mentions = [], 0, 0
    files = list(walk(root)) + [os.path.join(root, ".ci", f) for f in CI_FILES
                                 if os.path.isfile(os.path.join(root, ".ci", f))]
    for f in files:
        rel = os.path.relpath(f, root)
        if f.endswith(".md"):
            try:
                text = strip_code(open(f, encoding="utf-8").read())
            except UnicodeDecodeError:
                continue
            for number, line in enumerate(text.split("\n"), 1):
                targets = [m.group(1) for m in LINK.finditer(line)]
                m = DEFINITION.match(line)
                if m:
                    targets.append(m.group(1))
                for t in targets:
                    links += 1
                    why = check_link(root, f, t)
                    if why:
                        problems.append(f"{rel}:{number}: [{t}] {why}")
        if f.endswith(MENTION_EXT) or rel.startswith(".ci/"):
            try:
                text = open(f, encoding="utf-8").read()
            except UnicodeDecodeError:
                continue
            for number, line in enumerate(text.split("\n"), 1):
                for p in DOCS_PATH.findall(line):
                    p = p.rstrip(".")
                    if any(os.path.splitext(seg)[0] in PLACEHOLDERS for seg in p.split("/")):
                        continue  # docs/frontier/NAME.tsv and the like
                    mentions += 1
                    if not os.path.exists(os.path.join(root, p)):
                        problems.append(f"{rel}:{number}: names {p}, which does not exist")
    for p in problems:
        print(p)
    if problems:
        print(f"check-doc-links: {len(problems)} broken link(s) or path(s)", file=sys.stderr)
        return 1
    print(f"check-doc-links: {links} relative links and {mentions} docs/ paths ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
