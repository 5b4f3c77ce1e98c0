"""Test support shipped with the package: the generic conformance harness."""
