# qi.Translator, qi.defaultTranslator and qi.tr: messages come back as they
# are (no translation catalogs beside the simulated robot).


class Translator(object):
    def __init__(self, name=""):
        self.name = name

    def translate(self, message, domain=None, locale=None, context=None):
        return message

    def setCurrentLocale(self, locale):
        pass

    def setDefaultDomain(self, domain):
        pass

    def addDomain(self, domain):
        pass


_translators = []


def defaultTranslator(name=""):
    if not _translators:
        _translators.append(Translator(name))
    return _translators[0]


def tr(message, domain=None, locale=None):
    return defaultTranslator().translate(message, domain, locale)
