#!/usr/bin/env python3
"""NATS's users per role (deploy/nats/auth.conf), on a real nats-server.

Starts Debian's nats-server (a private one: a free port on 127.0.0.1, JetStream in a
temporary folder) twice:

- as compose.yaml runs it: with the file its `nats` service mounts, the passwords its
  environment gives (their defaults), and each client connecting with the URL compose
  gives it (PUBLISH_NATS_URL of the gateway and the publisher, NATS_URL of svc-loyalty
  and svc-catalogue);
- as the NATS Helm chart runs it with deploy/nats/values.yaml: auth.conf included, TLS
  on the client port with a certificate naming what deploy/nats/certificates.yaml
  names (signed here by a throw-away CA), each server password taken from the Secret
  key the values name, and each client connecting with the URL its Deployment has
  (kustomize's render of overlays/small) over TLS, trusting that CA and checking the
  server's name, its $(NATS_PASSWORD) the same Secret key's value.

Each time, as each role's user:
- publisher: makes the key-value bucket published-revisions and puts a site's revision,
  makes the object store published-files and puts an object, takes a lease in
  publish-leases, collects an object; may not publish member events nor delete a
  stream;
- gateway: reads and watches the site's revision and reads the object, but a write to
  $KV.published-revisions.demo or $O.published-files, a member event on
  loyalty.member.login, a subscription to loyalty.>, making or purging a stream are
  all refused (permissions violation);
- catalogue: makes CATALOGUE as svc-catalogue does (update, then create when there is
  none), keeps it (update) and publishes catalogue.demo.movie.on-sale, acknowledged; may
  not publish on loyalty.> nor studio.>, nor read or write the published store, nor
  delete a stream, nor read events back (subscribe catalogue.>);
- loyalty: makes LOYALTY and publishes a member event, acknowledged; may not touch the
  published store nor read its events back; reads CATALOGUE (an event the catalogue
  role has just published) as svc-loyalty's alerts do, with async-nats's calls: the
  stream's info, its durable consumer's info, then the consumer made with the durable
  name and the filter catalogue.*.movie.> in the subject, messages pulled and each
  acknowledged; but may not publish on catalogue.>, subscribe to it, nor change or purge
  CATALOGUE;
- consumer: reads the member event, and a catalogue event, through durable pull
  consumers and acknowledges them, but may not publish on loyalty.> nor catalogue.> nor
  read the published store;
- studio (svc-studio's audit events; its Deployment has no NATS URL yet, so it connects
  as the consumer does, with the password the server is given): publishes on
  studio.audit.{siteId} and nothing else: no other subject (studio.audit itself,
  loyalty.>, the published store), no JetStream API, no subscription to studio.audit.>;
  and no other role may publish there;
- no role but catalogue may publish a catalogue event (catalogue.demo.movie.on-sale);
- every role: asks for its answers on its own inbox, _INBOX_<user> (the user of its
  URL, as platform/src/nats.rs's clients set it), which it may subscribe to, but a
  subscription to another role's (_INBOX_publisher.> for the gateway, ...), to the
  plain _INBOX.> or to a wildcard over every subject (*.>) is refused;
- no user, or a wrong password: refused.

Prints one line per check and a closing 'N passed, N failed' line.
"""

import asyncio
import base64
import json
import logging
import os
import re
import secrets
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

try:
    import nats
    import nats.errors
    import yaml
    from nats.js import api
except ImportError as missing:
    print(f"missing Python package: {missing.name} (pip install nats-py pyyaml)")
    sys.exit(1)

from checklist import ROOT, Checklist

checklist = Checklist()
check = checklist.check

AUTH_CONF = ROOT / "deploy" / "nats" / "auth.conf"
# The role of each NATS client of the platform, by the component and its URL variable.
CLIENTS = {
    "publisher": ("publisher", "PUBLISH_NATS_URL"),
    "gateway": ("gateway", "PUBLISH_NATS_URL"),
    "loyalty": ("svc-loyalty", "NATS_URL"),
    "catalogue": ("svc-catalogue", "NATS_URL"),
}
# The users whose client has no URL in compose or deploy/: connected with the password
# the server is given, by its variable.
UNLISTED = {"consumer": "NATS_CONSUMER_PASSWORD", "studio": "NATS_STUDIO_PASSWORD"}
# A site's revision pointer and an object, as the publishers store them.
SITE = "demo"
POINTER = b'{"revision":"2026-01-01-1","manifest":"0f0f"}'
OBJECT_BYTES = b"<!doctype html><title>demo</title>" * 4000  # a few chunks of 128 KiB
OBJECT_NAME = "3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b"
EVENT = b'{"eventId":"e-1","siteId":"demo","hashedMemberId":"ab"}'
AUDIT_SUBJECT = f"studio.audit.{SITE}"
# The catalogue's events (docs/asyncapi.yaml), as svc-catalogue makes their stream
# (platform/src/outbox.rs, CATALOGUE_STREAM_MB's default) and svc-loyalty reads them
# (svc-loyalty/src/alerts/consumer.rs, ALERTS_CONSUMER's default).
CATALOGUE_STREAM = api.StreamConfig(
    name="CATALOGUE", subjects=["catalogue.>"], max_bytes=256 * 1024 * 1024,
    discard=api.DiscardPolicy.OLD, num_replicas=1)
ON_SALE_SUBJECT = f"catalogue.{SITE}.movie.on-sale"
LAST_CHANCE_SUBJECT = f"catalogue.{SITE}.movie.last-chance"
ON_SALE = b'{"eventId":"c-1","siteId":"demo","kind":"on-sale","movie":{"id":"1007"}}'
LAST_CHANCE = b'{"eventId":"c-2","siteId":"demo","kind":"last-chance","movie":{"id":"1007"}}'
ALERTS_CONSUMER = "loyalty-alerts"
ALERTS_FILTER = "catalogue.*.movie.>"
# How long an allowed JetStream call, and a refused one (no answer comes), may take.
ALLOWED_S, REFUSED_S = 5, 0.7


def nats_server():
    return shutil.which("nats-server") or next(
        (p for p in ("/usr/sbin/nats-server", "/usr/bin/nats-server") if os.access(p, os.X_OK)), None)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A private nats-server with `config` and `environment`, JetStream in `folder`."""

    def __init__(self, binary, config, environment, folder):
        self.port = free_port()
        self.log = Path(folder) / "nats-server.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [binary, "-c", str(config), "-js", "-sd", str(Path(folder) / "store"),
                 "-a", "127.0.0.1", "-p", str(self.port)],
                env={"PATH": os.environ.get("PATH", ""), **environment},
                stdout=log, stderr=subprocess.STDOUT)

    def ready(self):
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            if "Server is ready" in self.log.read_text():
                return True
            time.sleep(0.05)
        return False

    def tail(self):
        return " | ".join(self.log.read_text().strip().splitlines()[-3:])

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def inbox(user):
    """The inbox prefix of `user`'s answers, as platform/src/nats.rs sets it."""
    return f"_INBOX_{user}"


def violation(errors, since, subject):
    """Whether the server said that `subject` was refused, after error `since` (nats-py
    hands the server's error over in lower case)."""
    return any("permissions violation" in e.lower() and f'"{subject.lower()}"' in e.lower()
               for e in errors[since:])


class Role:
    """One connection as one role's user; the server's errors are collected."""

    def __init__(self, name):
        self.name = name
        self.errors = []
        self.client = None

    async def connect(self, url, tls=None, tls_hostname=None):
        """Connects to `url` as its user, the answers asked for on that user's own inbox
        (`_INBOX_<user>`, as platform/src/nats.rs's clients ask for theirs); nats-py's
        default `_INBOX` without a user."""
        async def on_error(error):
            self.errors.append(str(error))

        user = urlsplit(url).username
        self.client = await nats.connect(
            url, error_cb=on_error, allow_reconnect=False, connect_timeout=3,
            tls=tls, tls_hostname=tls_hostname,
            inbox_prefix=inbox(user) if user else "_INBOX")
        return self

    def js(self, timeout=ALLOWED_S):
        return self.client.jetstream(timeout=timeout)

    async def refused_publish(self, subject):
        since = len(self.errors)
        await self.client.publish(subject, b"x")
        await self.client.flush(timeout=3)
        await asyncio.sleep(0.05)
        return violation(self.errors, since, subject)

    async def refused_subscribe(self, subject):
        since = len(self.errors)
        await self.client.subscribe(subject)
        await self.client.flush(timeout=3)
        await asyncio.sleep(0.05)
        return violation(self.errors, since, subject)

    async def refused_call(self, subject, call):
        """A JetStream API call the server refuses: no answer, and a violation on its
        subject."""
        since = len(self.errors)
        try:
            await call
        except Exception:
            await asyncio.sleep(0.05)
            return violation(self.errors, since, subject)
        return False

    async def close(self):
        if self.client is not None and not self.client.is_closed:
            await self.client.close()


async def attempt(description, action):
    """Runs `action`; its result, or False with the error as the check's detail."""
    try:
        return await action, ""
    except Exception as error:  # noqa: BLE001 - every failure is a failed check
        return False, f"{description}: {type(error).__name__} {error}"


async def publisher_role(where, role):
    js = role.js()
    # The stream exactly as the gateway makes it (gateway/src/publish/depot.rs).
    made = js.add_stream(api.StreamConfig(
        name="KV_published-revisions", subjects=["$KV.published-revisions.>"],
        max_msgs_per_subject=5, allow_rollup_hdrs=True, deny_delete=True, allow_direct=True,
        discard=api.DiscardPolicy.NEW, num_replicas=1))

    async def revision():
        await made
        bucket = await js.key_value("published-revisions")
        return await bucket.put(SITE, POINTER) > 0

    ok, detail = await attempt("bucket", revision())
    check(f"{where}: the publisher makes the key-value bucket published-revisions and puts a site's revision",
          ok, detail)

    async def store():
        files = await js.create_object_store("published-files")
        info = await files.put(OBJECT_NAME, OBJECT_BYTES)
        return info.size == len(OBJECT_BYTES)

    ok, detail = await attempt("object", store())
    check(f"{where}: the publisher makes the object store published-files and puts an object", ok, detail)

    async def lease():
        await js.add_stream(api.StreamConfig(
            name="KV_publish-leases", subjects=["$KV.publish-leases.>"], max_msgs_per_subject=1,
            max_age=10, allow_rollup_hdrs=True, deny_delete=True, allow_direct=True,
            discard=api.DiscardPolicy.NEW, num_replicas=1))
        leases = await js.key_value("publish-leases")
        return await leases.create(SITE, b"publisher-1") > 0

    ok, detail = await attempt("lease", lease())
    check(f"{where}: the publisher takes a site's lease in publish-leases", ok, detail)

    async def collect():
        files = await js.object_store("published-files")
        await files.put("old-revision-file", b"old bytes")
        await files.delete("old-revision-file")
        return (await files.get_info("old-revision-file", show_deleted=True)).deleted

    ok, detail = await attempt("collect", collect())
    check(f"{where}: the publisher collects an object of an old revision (delete, purge)", ok, detail)
    check(f"{where}: the publisher may not publish member events (loyalty.member.login)",
          await role.refused_publish("loyalty.member.login"))
    check(f"{where}: the publisher may not delete a stream of the published store",
          await role.refused_call("$JS.API.STREAM.DELETE.KV_publish-leases",
                                  role.js(REFUSED_S).delete_stream("KV_publish-leases")))


async def read_object(js, bucket, name):
    """An object's bytes as async-nats 0.51 reads them: the bucket's stream info, the
    object's description by direct get of its last meta message (message get on a stream
    without direct gets), then its chunks through an ordered push consumer on the stream."""
    stream = f"OBJ_{bucket}"
    direct = (await js.stream_info(stream)).config.allow_direct
    meta = f"$O.{bucket}.M.{base64.urlsafe_b64encode(name.encode()).decode()}"
    info = api.ObjectInfo.from_response(json.loads((await js.get_last_msg(stream, meta, direct=direct)).data))
    subscription = await js.subscribe(f"$O.{bucket}.C.{info.nuid}", stream=stream, ordered_consumer=True)
    data = b""
    while len(data) < info.size:
        message = await subscription.next_msg(timeout=ALLOWED_S)
        data += message.data
    await subscription.unsubscribe()
    return data


async def gateway_role(where, role):
    js = role.js()

    async def get():
        bucket = await js.key_value("published-revisions")
        return (await bucket.get(SITE)).value == POINTER

    ok, detail = await attempt("get", get())
    check(f"{where}: the gateway reads the site's revision in published-revisions", ok, detail)

    async def watch():
        bucket = await js.key_value("published-revisions")
        watcher = await bucket.watch(SITE)
        entry = await watcher.updates(timeout=ALLOWED_S)
        await watcher.stop()
        return entry is not None and entry.value == POINTER

    ok, detail = await attempt("watch", watch())
    check(f"{where}: the gateway watches the site's revision", ok, detail)
    ok, detail = await attempt("object", read_object(js, "published-files", OBJECT_NAME))
    check(f"{where}: the gateway reads an object of published-files", ok == OBJECT_BYTES, detail)

    for subject, what in ((f"$KV.published-revisions.{SITE}", "write a site's revision"),
                          (f"$O.published-files.C.{secrets.token_hex(8)}", "write an object"),
                          ("$KV.publish-leases.demo", "take a lease"),
                          ("loyalty.member.login", "publish a member event")):
        check(f"{where}: the gateway may not {what} ({subject})", await role.refused_publish(subject))
    check(f"{where}: the gateway may not listen to member events (subscribe loyalty.>)",
          await role.refused_subscribe("loyalty.>"))
    check(f"{where}: the gateway may not make a stream",
          await role.refused_call("$JS.API.STREAM.CREATE.KV_published-revisions",
                                  role.js(REFUSED_S).add_stream(name="KV_published-revisions",
                                                                subjects=["$KV.published-revisions.>"])))
    check(f"{where}: the gateway may not purge the published store",
          await role.refused_call("$JS.API.STREAM.PURGE.OBJ_published-files",
                                  role.js(REFUSED_S).purge_stream("OBJ_published-files")))


async def create_or_update_stream(js, config):
    """A stream as async-nats's create_or_update_stream makes it: updated to `config`
    ($JS.API.STREAM.UPDATE), made ($JS.API.STREAM.CREATE) when there is none."""
    try:
        return await js.update_stream(config)
    except nats.js.errors.NotFoundError:
        return await js.add_stream(config)


async def catalogue_role(where, role):
    js = role.js()

    async def publish():
        await create_or_update_stream(js, CATALOGUE_STREAM)
        ack = await js.publish(ON_SALE_SUBJECT, ON_SALE, headers={"Nats-Msg-Id": "c-1"})
        return ack.stream == "CATALOGUE"

    ok, detail = await attempt("event", publish())
    check(f"{where}: svc-catalogue makes CATALOGUE and publishes an event ({ON_SALE_SUBJECT}), acknowledged",
          ok, detail)

    async def keep():
        info = await create_or_update_stream(js, CATALOGUE_STREAM)
        return (info.config.max_bytes == CATALOGUE_STREAM.max_bytes
                and (await js.stream_info("CATALOGUE")).state.messages >= 1)

    ok, detail = await attempt("keep", keep())
    check(f"{where}: svc-catalogue keeps CATALOGUE at its limits at its next start (update, info)", ok, detail)
    for subject, what in (("loyalty.member.login", "publish a member event"),
                          (AUDIT_SUBJECT, "publish an audit event"),
                          (f"$KV.published-revisions.{SITE}", "write the published store")):
        check(f"{where}: svc-catalogue may not {what} ({subject})", await role.refused_publish(subject))
    check(f"{where}: svc-catalogue may not read the published store",
          await role.refused_call("$JS.API.STREAM.INFO.KV_published-revisions",
                                  role.js(REFUSED_S).stream_info("KV_published-revisions")))
    check(f"{where}: svc-catalogue may not delete a stream",
          await role.refused_call("$JS.API.STREAM.DELETE.CATALOGUE",
                                  role.js(REFUSED_S).delete_stream("CATALOGUE")))
    check(f"{where}: svc-catalogue does not read events back (subscribe catalogue.>)",
          await role.refused_subscribe("catalogue.>"))


async def read_alerts(js):
    """The catalogue's events as svc-loyalty's alerts read them with async-nats 0.51:
    get_stream ($JS.API.STREAM.INFO.CATALOGUE), get_or_create_consumer (its info,
    $JS.API.CONSUMER.INFO.CATALOGUE.<durable>, then, none yet, the durable consumer made
    on $JS.API.CONSUMER.CREATE.CATALOGUE.<durable>.<filter>), messages pulled
    ($JS.API.CONSUMER.MSG.NEXT.CATALOGUE.<durable>) and each acknowledged ($JS.ACK.CATALOGUE.>);
    the events read, once LAST_CHANCE is among them."""
    await js.stream_info("CATALOGUE")
    try:
        await js.consumer_info("CATALOGUE", ALERTS_CONSUMER)
    except nats.js.errors.NotFoundError:
        await js.add_consumer("CATALOGUE", api.ConsumerConfig(
            name=ALERTS_CONSUMER, durable_name=ALERTS_CONSUMER, filter_subject=ALERTS_FILTER,
            deliver_policy=api.DeliverPolicy.ALL, ack_policy=api.AckPolicy.EXPLICIT, ack_wait=30))
    subscription = await js.pull_subscribe_bind(durable=ALERTS_CONSUMER, stream="CATALOGUE")
    read = []
    while LAST_CHANCE not in read and len(read) < 5:
        message = (await subscription.fetch(1, timeout=ALLOWED_S))[0]
        await message.ack_sync(timeout=ALLOWED_S)
        read.append(message.data)
    await subscription.unsubscribe()
    return read


async def loyalty_role(where, role, catalogue):
    """svc-loyalty's member events, and its reading of the catalogue's: `catalogue`, the
    catalogue role's connection (None when it did not connect), publishes the event it
    reads."""
    js = role.js()

    async def publish():
        await js.add_stream(name="LOYALTY", subjects=["loyalty.>"], num_replicas=1)
        ack = await js.publish("loyalty.member.login", EVENT, headers={"Nats-Msg-Id": "e-1"})
        return ack.stream == "LOYALTY"

    ok, detail = await attempt("event", publish())
    check(f"{where}: svc-loyalty makes LOYALTY and publishes a member event, acknowledged", ok, detail)
    check(f"{where}: svc-loyalty may not write the published store",
          await role.refused_publish(f"$KV.published-revisions.{SITE}"))
    check(f"{where}: svc-loyalty may not read the published store",
          await role.refused_call("$JS.API.STREAM.INFO.KV_published-revisions",
                                  role.js(REFUSED_S).stream_info("KV_published-revisions")))
    check(f"{where}: svc-loyalty does not read events back (subscribe loyalty.>)",
          await role.refused_subscribe("loyalty.>"))

    async def alerts():
        if catalogue is None:
            raise RuntimeError("the catalogue role did not connect")
        await create_or_update_stream(catalogue.js(), CATALOGUE_STREAM)
        await catalogue.js().publish(LAST_CHANCE_SUBJECT, LAST_CHANCE, headers={"Nats-Msg-Id": "c-2"})
        read = await read_alerts(js)
        pending = (await js.consumer_info("CATALOGUE", ALERTS_CONSUMER)).num_ack_pending
        return LAST_CHANCE in read and pending == 0

    ok, detail = await attempt("alerts", alerts())
    check(f"{where}: svc-loyalty reads CATALOGUE through its durable pull consumer ({ALERTS_CONSUMER}, "
          f"{ALERTS_FILTER}) and acknowledges the catalogue's event", ok, detail)

    async def again():
        info = await js.consumer_info("CATALOGUE", ALERTS_CONSUMER)
        return info.config.filter_subject == ALERTS_FILTER and info.num_pending == 0 and info.num_ack_pending == 0

    ok, detail = await attempt("again", again())
    check(f"{where}: svc-loyalty finds its durable consumer at its next start, every event acknowledged",
          ok, detail)
    check(f"{where}: svc-loyalty may not publish a catalogue event ({ON_SALE_SUBJECT})",
          await role.refused_publish(ON_SALE_SUBJECT))
    check(f"{where}: svc-loyalty reads CATALOGUE only through its consumer (subscribe catalogue.>)",
          await role.refused_subscribe("catalogue.>"))
    check(f"{where}: svc-loyalty may not change CATALOGUE",
          await role.refused_call("$JS.API.STREAM.UPDATE.CATALOGUE",
                                  role.js(REFUSED_S).update_stream(CATALOGUE_STREAM)))
    check(f"{where}: svc-loyalty may not purge CATALOGUE",
          await role.refused_call("$JS.API.STREAM.PURGE.CATALOGUE",
                                  role.js(REFUSED_S).purge_stream("CATALOGUE")))


async def consumer_role(where, role):
    js = role.js()

    async def read():
        subscription = await js.pull_subscribe("loyalty.>", durable="analytics-test", stream="LOYALTY")
        messages = await subscription.fetch(1, timeout=ALLOWED_S)
        await messages[0].ack_sync(timeout=ALLOWED_S)
        return messages[0].data == EVENT

    ok, detail = await attempt("consume", read())
    check(f"{where}: an analytics consumer reads the event through a durable consumer and acknowledges it",
          ok, detail)

    async def read_catalogue():
        subscription = await js.pull_subscribe("catalogue.>", durable="analytics-test", stream="CATALOGUE")
        messages = await subscription.fetch(1, timeout=ALLOWED_S)
        await messages[0].ack_sync(timeout=ALLOWED_S)
        return messages[0].data == ON_SALE

    ok, detail = await attempt("consume", read_catalogue())
    check(f"{where}: an analytics consumer reads a catalogue event through a durable consumer and acknowledges it",
          ok, detail)
    check(f"{where}: an analytics consumer may not publish member events",
          await role.refused_publish("loyalty.member.login"))
    check(f"{where}: an analytics consumer may not publish catalogue events",
          await role.refused_publish(ON_SALE_SUBJECT))
    check(f"{where}: an analytics consumer may not read the published store",
          await role.refused_call("$JS.API.STREAM.INFO.KV_published-revisions",
                                  role.js(REFUSED_S).stream_info("KV_published-revisions")))


async def studio_role(where, role, others):
    """svc-studio publishes audit events on studio.audit.> and nothing else; `others`,
    the other roles' connections, may not publish there."""
    check(f"{where}: svc-studio publishes an audit event ({AUDIT_SUBJECT})",
          not await role.refused_publish(AUDIT_SUBJECT))
    for subject, what in (("studio.audit", "publish outside studio.audit.>"),
                          ("studio.staff.demo", "publish another studio subject"),
                          ("loyalty.member.login", "publish a member event"),
                          (f"$KV.published-revisions.{SITE}", "write the published store"),
                          ("$JS.API.INFO", "use the JetStream API")):
        check(f"{where}: svc-studio may not {what} ({subject})", await role.refused_publish(subject))
    check(f"{where}: svc-studio may not make a stream",
          await role.refused_call("$JS.API.STREAM.CREATE.STUDIO",
                                  role.js(REFUSED_S).add_stream(name="STUDIO", subjects=["studio.audit.>"])))
    check(f"{where}: svc-studio may not read the published store",
          await role.refused_call("$JS.API.STREAM.INFO.KV_published-revisions",
                                  role.js(REFUSED_S).stream_info("KV_published-revisions")))
    check(f"{where}: svc-studio does not read audit events back (subscribe studio.audit.>)",
          await role.refused_subscribe("studio.audit.>"))
    for name, other in others.items():
        check(f"{where}: {name} may not publish an audit event ({AUDIT_SUBJECT})",
              await other.refused_publish(AUDIT_SUBJECT))


async def inbox_checks(where, name, role, users):
    """`name`'s client asks on its own inbox, may subscribe to it, and to no other role's
    inbox, nor to the plain _INBOX.> nor to every subject."""
    own = inbox(users[name])
    check(f"{where}: {name} asks for its answers on its own inbox {own}",
          role.client.new_inbox().startswith(own + "."))
    check(f"{where}: {name} may subscribe to its own inbox ({own}.>)",
          not await role.refused_subscribe(f"{own}.>"))
    for other, user in users.items():
        if other != name:
            check(f"{where}: {name} may not read {other}'s answers (subscribe {inbox(user)}.>)",
                  await role.refused_subscribe(f"{inbox(user)}.>"))
    for subject, what in (("_INBOX.>", "the plain inbox"), ("*.>", "every subject")):
        check(f"{where}: {name} may not subscribe to {what} ({subject})", await role.refused_subscribe(subject))


async def roles(where, port, urls, tls=None):
    """Every role's checks against the server on `port`; `urls` by role (their host is
    replaced by the private server's address)."""
    def local(url):
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc.rpartition('@')[0]}@127.0.0.1:{port}"

    hostname = {role: urlsplit(url).hostname for role, url in urls.items()}
    users = {role: urlsplit(url).username for role, url in urls.items()}
    connected = {}
    for name in ("publisher", "gateway", "catalogue", "loyalty", "consumer", "studio"):
        role = Role(name)
        ok, detail = await attempt("connect", role.connect(local(urls[name]), tls=tls,
                                                           tls_hostname=hostname[name] if tls else None))
        if check(f"{where}: {name} connects as its user{' over TLS, the server named ' + hostname[name] if tls else ''}",
                 ok, detail):
            connected[name] = role
    try:
        for name, run in (("publisher", publisher_role), ("gateway", gateway_role),
                          ("catalogue", catalogue_role),
                          ("loyalty", lambda where, role: loyalty_role(where, role, connected.get("catalogue"))),
                          ("consumer", consumer_role)):
            if name in connected:
                await run(where, connected[name])
                await inbox_checks(where, name, connected[name], users)
        # (svc-loyalty's and the analytics consumers' are checked with their roles.)
        for name, role in connected.items():
            if name not in ("catalogue", "loyalty", "consumer"):
                check(f"{where}: {name} may not publish a catalogue event ({ON_SALE_SUBJECT})",
                      await role.refused_publish(ON_SALE_SUBJECT))
        if "studio" in connected:
            others = {name: role for name, role in connected.items() if name != "studio"}
            await studio_role(where, connected["studio"], others)
            await inbox_checks(where, "studio", connected["studio"], users)
        scheme = urlsplit(urls["gateway"]).scheme
        for url, what in ((f"{scheme}://127.0.0.1:{port}", "without a user"),
                          (f"{scheme}://gateway:wrong-{secrets.token_hex(4)}@127.0.0.1:{port}", "with a wrong password")):
            stranger = Role("stranger")
            ok, _ = await attempt("connect", stranger.connect(url, tls=tls, tls_hostname=hostname["gateway"] if tls else None))
            check(f"{where}: a client {what} is refused", not ok)
            await stranger.close()
        if tls:
            plain = Role("plain")
            ok, _ = await attempt("connect", plain.connect(local(urls["gateway"]).replace("tls://", "nats://", 1)))
            check(f"{where}: a client without TLS is refused", not ok)
            await plain.close()
    finally:
        for role in connected.values():
            await role.close()


def interpolate(text):
    """compose's ${VAR:-default}, with the defaults (the environment is not read)."""
    return re.sub(r"\$\{([A-Z0-9_]+):-([^}]*)\}", lambda m: m.group(2), str(text))


def compose_deployment():
    """nats's configuration, environment and the clients' URLs as compose.yaml gives them."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    nats_service = services["nats"]
    command = nats_service.get("command", [])
    config = command[command.index("-c") + 1] if "-c" in command[:-1] else None
    mounted = {volume.split(":")[1]: volume.split(":")[0] for volume in nats_service.get("volumes", [])}
    source = ROOT / mounted.get(config, "").removeprefix("./") if config in mounted else None
    if not check("compose: nats's configuration is a file of the repository", source and source.is_file(),
                 f"{config} from {mounted.get(config)}"):
        return None
    environment = {name: interpolate(value) for name, value in nats_service.get("environment", {}).items()}
    urls = {role: interpolate(services[service]["environment"][variable])
            for role, (service, variable) in CLIENTS.items()}
    for user, variable in UNLISTED.items():
        urls[user] = f"nats://{user}:{environment.get(variable, '')}@nats:4222"
    return source, environment, urls, None


def render_small():
    """overlays/small's objects, rendered as test_kubernetes.py does."""
    import test_kubernetes

    command = test_kubernetes.kustomize_command()
    if command is None:
        return "no kustomize v5 or later"
    return test_kubernetes.render(command, "small")


def certificate(folder, names):
    """A throw-away CA and a server certificate for `names` signed by it (openssl)."""
    folder = Path(folder)
    extensions = folder / "server.ext"
    extensions.write_text("subjectAltName=" + ",".join(f"DNS:{n}" for n in names)
                          + "\nextendedKeyUsage=serverAuth,clientAuth\n")
    steps = [
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
         "-keyout", "ca.key", "-out", "ca.crt", "-days", "1", "-subj", "/CN=nats-ca"],
        ["openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
         "-keyout", "tls.key", "-out", "tls.csr", "-subj", "/CN=nats"],
        ["openssl", "x509", "-req", "-in", "tls.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
         "-CAcreateserial", "-out", "tls.crt", "-days", "1", "-extfile", str(extensions)],
    ]
    for step in steps:
        done = subprocess.run(step, cwd=folder, capture_output=True, text=True)
        if done.returncode != 0:
            return done.stderr.strip()
    return None


def kubernetes_deployment(folder):
    """auth.conf as the chart includes it, with TLS as the values set it; the servers'
    and the clients' passwords from the same (generated) Secret keys."""
    values = yaml.safe_load((ROOT / "deploy" / "nats" / "values.yaml").read_text())
    config = values.get("config", {})
    include = config.get("merge", {}).get("$include")
    if not check("deploy: the chart's values include auth.conf", include == "auth.conf", str(include)):
        return None
    objects = render_small()
    if not check("deploy: kustomize renders overlays/small", isinstance(objects, list), str(objects)):
        return None
    certificates = [o for o in yaml.safe_load_all((ROOT / "deploy" / "nats" / "certificates.yaml").read_text())
                    if o and o.get("kind") == "Certificate"]
    tls = config.get("nats", {}).get("tls", {})
    server_certificate = next((c["spec"] for c in certificates if c["spec"].get("secretName") == tls.get("secretName")), {})
    problem = certificate(folder, server_certificate.get("dnsNames", []))
    if not check("deploy: a certificate as cert-manager makes it, signed by a throw-away CA", problem is None, problem):
        return None

    secret_values = {}

    def secret(ref):
        """A Secret key's value, made as deploy/README.md says: a letter, then hex (a
        value that starts with a digit may read as a number in auth.conf)."""
        return secret_values.setdefault((ref.get("name"), ref.get("key")), "n" + secrets.token_hex(24))

    environment = {}
    for variable, value in values.get("container", {}).get("env", {}).items():
        ref = value.get("valueFrom", {}).get("secretKeyRef") if isinstance(value, dict) else None
        environment[variable] = secret(ref) if ref else str(value)
    deployments = {o["metadata"]["name"]: o for o in objects if o["kind"] == "Deployment"}
    urls = {}
    for role, (component, variable) in CLIENTS.items():
        env = {item["name"]: item for item in deployments[component]["spec"]["template"]["spec"]["containers"][0]["env"]}
        url = env.get(variable, {}).get("value", "")
        for name in re.findall(r"\$\(([A-Z_][A-Z0-9_]*)\)", url):
            url = url.replace(f"$({name})", secret(env[name]["valueFrom"]["secretKeyRef"]))
        urls[role] = url
    for user, variable in UNLISTED.items():
        ref = values["container"]["env"].get(variable, {}).get("valueFrom", {}).get("secretKeyRef", {})
        urls[user] = f"tls://{user}:{secret(ref)}@nats:4222"

    # The chart's nats.conf: `include auth.conf;` beside it, and the client port's tls
    # block (config/tls.yaml: cert_file and key_file in the Secret's folder, ca_file of
    # tlsCA) with the values' merge.
    shutil.copy(AUTH_CONF, Path(folder) / "auth.conf")
    block = {"cert_file": str(Path(folder) / tls.get("cert", "tls.crt")),
             "key_file": str(Path(folder) / tls.get("key", "tls.key"))}
    if values.get("tlsCA", {}).get("enabled"):
        block["ca_file"] = str(Path(folder) / values["tlsCA"].get("key", "ca.crt"))
    block.update(tls.get("merge", {}))
    lines = "\n".join(f"  {key}: {value!r}".replace("'", '"') for key, value in block.items())
    nats_conf = Path(folder) / "nats.conf"
    nats_conf.write_text(f"include auth.conf;\ntls {{\n{lines}\n}}\n")
    context = ssl.create_default_context(cafile=str(Path(folder) / "ca.crt"))
    return nats_conf, environment, urls, context


async def run_deployment(where, binary, prepared, folder):
    config, environment, urls, tls = prepared
    server = Server(binary, config, environment, folder)
    try:
        if not check(f"{where}: nats-server starts with deploy/nats/auth.conf", server.ready(), server.tail()):
            return
        await roles(where, server.port, urls, tls)
    finally:
        server.stop()


def main():
    # asyncio's TLS transport warns of every connection the server closes; noise here.
    logging.getLogger("asyncio").setLevel(logging.ERROR)
    binary = nats_server()
    if not check("nats-server is installed (scripts/setup.sh installs Debian's)", binary is not None):
        return checklist.summary()
    with tempfile.TemporaryDirectory() as folder:
        compose_folder = Path(folder) / "compose"
        compose_folder.mkdir()
        prepared = compose_deployment()
        if prepared:
            asyncio.run(run_deployment("compose", binary, prepared, compose_folder))
        kubernetes_folder = Path(folder) / "kubernetes"
        kubernetes_folder.mkdir()
        prepared = kubernetes_deployment(kubernetes_folder)
        if prepared:
            asyncio.run(run_deployment("deploy (TLS)", binary, prepared, kubernetes_folder))
    return checklist.summary()


if __name__ == "__main__":
    sys.exit(main())
