"""Certificate authorities are read at the first TLS handshake, not when an HTTP client is made (issue 19: a run
against plain-HTTP registries never pays for the CA bundle), and verification is what it was: a certificate
nobody trusts is refused, SSL_CERT_FILE decides whom to trust.

fixtures/loopback-cert.pem and loopback-key.pem: a self-signed certificate for 127.0.0.1 made for these tests
only (openssl req -x509 -newkey rsa:2048 -nodes -days 36500 -subj /CN=127.0.0.1
-addext subjectAltName=IP:127.0.0.1 -addext basicConstraints=critical,CA:TRUE
-addext keyUsage=critical,keyCertSign,digitalSignature,keyEncipherment)."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

from depguard.errors import RegistryUnavailable
from depguard.http import HttpSettings, fetch, make_client

FIXTURES = Path(__file__).parent / "fixtures"
CERT = FIXTURES / "loopback-cert.pem"
KEY = FIXTURES / "loopback-key.pem"
ONCE = HttpSettings(retries=0, timeout=5.0, deadline=10.0, confirm_after=0.01)


async def _answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError):
        pass
    finally:
        writer.close()


def get(url_of, tls: bool) -> int | str:
    """Serve one loopback server (TLS with the fixture certificate, or plain HTTP) and fetch from it with a
    client made as registry lookups make theirs: the status, or the reason it failed."""

    async def run() -> int | str:
        context = None
        if tls:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(CERT, KEY)
        server = await asyncio.start_server(_answer, "127.0.0.1", 0, ssl=context)
        port = server.sockets[0].getsockname()[1]
        client = make_client(ONCE)
        try:
            async with server:
                return (await fetch(client, url_of(port), "application/json", ONCE)).status
        except RegistryUnavailable as exc:
            return str(exc)
        finally:
            await client.aclose()

    return asyncio.run(run())


def test_a_plain_http_registry_reads_no_certificate_file(monkeypatch, tmp_path):
    # made eagerly, a context would fail to read this file when the client is made
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "no-such-bundle.pem"))
    assert get(lambda port: f"http://127.0.0.1:{port}/pypi/x/json", tls=False) == 200


def test_a_certificate_nobody_trusts_is_refused():
    reason = get(lambda port: f"https://127.0.0.1:{port}/pypi/x/json", tls=True)
    assert isinstance(reason, str) and "TLS certificate not accepted" in reason, reason


def test_the_certificate_file_named_by_ssl_cert_file_is_trusted_at_the_handshake(monkeypatch):
    monkeypatch.setenv("SSL_CERT_FILE", str(CERT))
    assert get(lambda port: f"https://127.0.0.1:{port}/pypi/x/json", tls=True) == 200


def test_a_configured_ca_bundle_is_trusted():
    from depguard.http import tls_context

    context = tls_context(str(CERT))
    assert context.verify_mode is ssl.CERT_REQUIRED and context.check_hostname

    async def handshake() -> None:
        server_side = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        server_side.load_cert_chain(CERT, KEY)
        server = await asyncio.start_server(_answer, "127.0.0.1", 0, ssl=server_side)
        port = server.sockets[0].getsockname()[1]
        async with server:
            _, writer = await asyncio.open_connection("127.0.0.1", port, ssl=context, server_hostname="127.0.0.1")
            writer.close()

    asyncio.run(handshake())
