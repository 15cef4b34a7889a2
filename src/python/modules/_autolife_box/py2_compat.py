# What Python 2's standard library had that box scripts still call and that
# 2to3 does not rewrite: cgi.escape, urllib2's Request methods, text posted
# with urlopen (Python 2's str was bytes). Added to Python 3's modules,
# where they are missing, when the first script is rewritten from Python 2
# (importing them costs a start that needs none of it).
import cgi
import html
import urllib.request


def _cgi_escape(text, quote=False):
    """cgi.escape: &, < and > (and " when quote), as Python 2 had it."""
    return html.escape(text, quote=quote).replace("&#x27;", "'")


def _add_data(self, data):
    self.data = data


_REQUEST_METHODS = {
    "add_data": _add_data,
    "has_data": lambda self: self.data is not None,
    "get_data": lambda self: self.data,
    "get_type": lambda self: self.type,
    "get_host": lambda self: self.host,
    "get_selector": lambda self: self.selector,
    "get_origin_req_host": lambda self: self.origin_req_host,
    "is_unverifiable": lambda self: self.unverifiable,
}


_do_request = urllib.request.AbstractHTTPHandler.do_request_


def _text_posted_as_bytes(self, request):
    if isinstance(request.data, str):
        request.data = request.data.encode("utf-8")
    return _do_request(self, request)


_installed = []


def install_python2_library():
    if _installed:
        return
    _installed.append(True)
    if not hasattr(cgi, "escape"):
        cgi.escape = _cgi_escape
    for name, method in _REQUEST_METHODS.items():
        if not hasattr(urllib.request.Request, name):
            setattr(urllib.request.Request, name, method)
    urllib.request.HTTPHandler.http_request = _text_posted_as_bytes
    if hasattr(urllib.request, "HTTPSHandler"):
        urllib.request.HTTPSHandler.https_request = _text_posted_as_bytes
