"""Every error in one envelope, with a stable code and no internal text; all documented."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy.exc import OperationalError

from server.helpers import create_table, make_client

WL = "wicked-labyrinth"
INTERNAL = ("INSERT", "SELECT", "sqlite", "tabletop_", "Traceback", "disk I/O")


def envelope(response: Any) -> dict[str, Any]:
    body = response.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    assert not any(word in response.text for word in INTERNAL), response.text
    return body["error"]  # type: ignore[no-any-return]


def test_a_database_failure_is_a_503_in_the_envelope_without_sql(tmp_path: Path) -> None:
    with make_client(tmp_path) as c:
        store = c.app.state.manager.services.store  # type: ignore[attr-defined]

        def broken(*_: Any) -> None:
            raise OperationalError("INSERT INTO tabletop_tables ...", {}, Exception("disk I/O"))

        store.create_table = broken
        r = c.post("/api/tables", json={"game": WL, "players": 3})
        assert r.status_code == 503 and envelope(r)["code"] == "storage"
        assert c.get("/api/tables").json()["tables"] == []


def test_starlettes_and_fastapis_own_errors_come_in_the_envelope(client: Any) -> None:
    r = client.get("/api/nowhere")
    assert r.status_code == 404 and envelope(r)["code"] == "not_found"
    r = client.delete("/api/tables")
    assert r.status_code == 405 and envelope(r)["code"] == "method_not_allowed"
    assert r.headers["allow"] == "GET, POST"  # both routes of the path
    r = client.post(
        "/api/tables", content=b"\xff\xfe{", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and envelope(r)["code"] == "bad_request"  # not even text
    r = client.post(
        "/api/tables", content=b"not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and envelope(r)["code"] == "invalid"  # text, but not JSON
    assert envelope(r)["problems"][0]["where"][0] == "body"
    r = client.post("/api/tables", json={"game": WL, "players": "three"})
    error = envelope(r)
    assert r.status_code == 422 and error["code"] == "invalid"
    (problem,) = error["problems"]
    assert problem["where"] == ["body", "players"] and problem["problem"]
    table = create_table(client, game=WL, players=3)
    r = client.get(f"/api/tables/{table['id']}/seats/0")
    assert r.status_code == 401 and envelope(r)["code"] == "auth_required"


def test_the_openapi_document_lists_every_status_each_route_answers(client: Any) -> None:
    spec = client.get("/openapi.json").json()
    ref = "#/components/schemas/ErrorOut"
    assert "HTTPValidationError" not in spec["components"]["schemas"]
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert {"413", "429", "500", "503"} <= codes, (method, path)
            for code, response in operation["responses"].items():
                if code.startswith(("4", "5")):
                    schema = response["content"]["application/json"]["schema"]
                    assert schema == {"$ref": ref}, (method, path, code)
            if "{seat}" in path and path.endswith(("leave", "return", "events", "{seat}")):
                assert {"401", "403"} <= codes, (method, path)
            if "requestBody" in operation:
                assert "400" in codes and "422" in codes, (method, path)
    links = spec["paths"]["/api/tables"]["post"]["responses"]["201"]["links"]
    assert len(links) >= 15
