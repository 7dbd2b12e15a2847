"""What the tests share: databases, app state, the form-filling client, the table and the phones' helpers."""
