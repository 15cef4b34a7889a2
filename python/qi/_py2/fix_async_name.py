# lib2to3 fixer: `async` and `await` were names in Python 2 (qi.async(f),
# `async=True`); in Python 3 they are keywords. They become async_ and
# await_, which autolife's qi module answers to.
from lib2to3 import fixer_base


class FixAsyncName(fixer_base.BaseFix):
    BM_compatible = False
    PATTERN = "'async' | 'await'"

    def transform(self, node, results):
        node.value += "_"
        node.changed()
