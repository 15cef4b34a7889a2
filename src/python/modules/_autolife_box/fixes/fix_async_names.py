# `async` and `await` were names in Python 2 (qi.async(...), the standard
# Wait box's; `async = True`); they are keywords in Python 3: rename them
# `async_` / `await_` (the qi module and its futures answer to async_).
from lib2to3 import fixer_base


class FixAsyncNames(fixer_base.BaseFix):
    BM_compatible = False
    PATTERN = "'async' | 'await'"

    def transform(self, node, results):
        node.value = node.value + "_"
        node.changed()
