#!/usr/bin/python3
"""Runs every example of a Markdown guide and compares its output.

Checks two kinds of examples, so that the documentation stays true to the
binary it documents:
- ```console blocks: each "$ autolife ..." command (heredocs included) is run
  with bash from the repository root; the lines until the next "$ " must be
  its output (stdout and stderr merged);
- tables after a <!-- eval-table --> marker: in each row, the last two cells
  are `expression` and `value`; `autolife eval expression` must print
  {"t": 0.0, "value": value}.

Usage: check_examples.py AUTOLIFE_BINARY GUIDE.md [REPO_ROOT]
Exit status 0 when every example matches, 1 otherwise.
"""
import re
import subprocess
import sys


def bash_is_complete(text):
    return subprocess.run(["bash", "-n"], input=text + "\n", capture_output=True, text=True).returncode == 0


def run_console_blocks(lines, binary, root, report):
    prelude = 'autolife() { %s "$@"; }\n' % binary
    i = 0
    while i < len(lines):
        if not lines[i].startswith("```console"):
            i += 1
            continue
        i += 1
        block = []
        while i < len(lines) and not lines[i].startswith("```"):
            block.append(lines[i])
            i += 1
        j = 0
        while j < len(block):
            if not block[j].startswith("$ "):
                j += 1
                continue
            command = [block[j][2:]]
            j += 1
            while not bash_is_complete("\n".join(command)) and j < len(block):
                command.append(block[j])
                j += 1
            # bash -n accepts an unterminated heredoc: take its body too.
            if "<<'EOF'" in "\n".join(command) and command[-1] != "EOF":
                while j < len(block) and block[j] != "EOF":
                    command.append(block[j])
                    j += 1
                if j < len(block):
                    command.append(block[j])
                    j += 1
            expected = []
            while j < len(block) and not block[j].startswith("$ "):
                expected.append(block[j])
                j += 1
            while expected and expected[-1] == "":
                expected.pop()
            text = "\n".join(command)
            got = subprocess.run(["bash", "-c", prelude + text + "\n"], cwd=root, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True).stdout.rstrip("\n")
            report(text, "\n".join(expected), got)


def run_eval_tables(lines, binary, report):
    i = 0
    while i < len(lines):
        if lines[i].strip() != "<!-- eval-table -->":
            i += 1
            continue
        i += 1
        while i < len(lines) and not lines[i].startswith("|"):
            i += 1
        while i < len(lines) and lines[i].startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", lines[i])[1:-1]][-2:]
            i += 1
            if len(cells) < 2 or not cells[0].startswith("`"):
                continue
            expression = cells[0].strip("`").replace("\\|", "|")
            value = cells[1].strip("`").replace("\\|", "|")
            args = [binary, "eval", "--", expression] if expression.startswith("-") else [binary, "eval", expression]
            got = subprocess.run(args, capture_output=True, text=True)
            report(expression, '{"t": 0.0, "value": %s}' % value, (got.stdout + got.stderr).strip())


def main():
    binary, guide = sys.argv[1], sys.argv[2]
    root = sys.argv[3] if len(sys.argv) > 3 else "."
    lines = open(guide, encoding="utf-8").read().split("\n")
    counts = {"examples": 0, "mismatches": 0}

    def report(example, expected, got):
        counts["examples"] += 1
        if expected != got:
            counts["mismatches"] += 1
            print("MISMATCH in %s:\n%s\n--- documented\n%s\n--- actual\n%s\n" % (guide, example, expected, got))

    run_console_blocks(lines, binary, root, report)
    run_eval_tables(lines, binary, report)
    print("%d examples, %d mismatches" % (counts["examples"], counts["mismatches"]))
    return 1 if counts["mismatches"] or counts["examples"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
