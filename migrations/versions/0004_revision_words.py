"""each revision keeps who made it and the points of its deal before and after

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 11:30:00

The history then says in words what a change did ("Ann & Cat 45 → 48", by "Ann's phone") without
scoring anything again. Older revisions have no author and no points: the history shows their entries.
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.add_column(sa.Column("author", sa.String(length=80), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("scores_before", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("scores_after", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("revision", schema=None) as batch_op:
        batch_op.drop_column("scores_after")
        batch_op.drop_column("scores_before")
        batch_op.drop_column("author")
