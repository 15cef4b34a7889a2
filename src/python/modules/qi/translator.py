# qi.Translator / qi.tr: messages are returned as they are (the simulated
# robot has no translation catalogs).


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


_default = []


def defaultTranslator(name=""):
    if not _default:
        _default.append(Translator(name))
    return _default[0]


def tr(message, domain=None, locale=None):
    return defaultTranslator().translate(message, domain, locale)
