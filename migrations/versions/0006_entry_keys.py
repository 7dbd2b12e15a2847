"""each revision keeps the key of the entry that made it, unique within its match

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28 17:00:00

A deal form carries a key made on the phone; a form sent again (its answer lost on the way back, or
kept on the phone while the server could not be reached) is answered with the deal it made, never
entered twice. Older revisions have no key.
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.add_column(sa.Column("entry_key", sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint("uq_revision_match_entry_key", ["match_id", "entry_key"])


def downgrade():
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.drop_constraint("uq_revision_match_entry_key", type_="unique")
        batch_op.drop_column("entry_key")
