"""The README's Python example is real: each line with a `# value` comment
shows that value (its repr; a comment starting `False:` its first word)."""

import pathlib
import re

import cgt  # noqa: F401  (the example imports it too)

README = pathlib.Path(__file__).parent.parent.parent / "README.md"


def test_readme_python_example():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    env = {}
    checked = 0
    pending = ""
    for line in block.splitlines():
        code, _, comment = line.partition("  # ")
        pending += code.rstrip() + "\n"
        try:
            compiled = compile(pending, "README", "eval")
        except SyntaxError:
            try:
                exec(compile(pending, "README", "exec"), env)
                pending = ""
            except SyntaxError:
                pass  # a statement over several lines
            continue
        value = eval(compiled, env)
        pending = ""
        if comment:
            expected = comment.strip().split(":")[0]
            # A value of the language as it prints (str); repr pastes back.
            shown = str(value) if isinstance(value, cgt.Value) else repr(value)
            assert shown == expected, line
            checked += 1
    assert checked >= 4
