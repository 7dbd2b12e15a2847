"""each deal keeps its scored result and the rules version that scored it

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 08:00:00

Existing deals start without a result: the app scores them once, the first time their match is read.
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("deal", schema=None) as batch_op:
        batch_op.add_column(sa.Column("result", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("rules_version", sa.String(length=16), nullable=True))


def downgrade():
    with op.batch_alter_table("deal", schema=None) as batch_op:
        batch_op.drop_column("rules_version")
        batch_op.drop_column("result")
