/**
 * The owner's Ballot dialog (issue 25): the game's ballot in the create screen's Ballot field.
 * Before anyone has played, any kind can be chosen; once someone has, the kind, its N and the
 * number of tiers are shown fixed (the server refuses such a change), and only tier labels and
 * colours can change.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { useSetBallot } from '../api/game-mutations';
import { BallotField } from '../game/ballot-field';
import { ballotOfInputs, inputsOfBallot, type BallotInputs } from '../game/ballot-inputs';
import { useText } from '../i18n/i18n';
import { editBallotText } from '../i18n/messages/ballot';
import { ButtonDialog } from '../ui/button-dialog';
import { DialogHead } from '../ui/dialog-head';
import { toast } from '../ui/toasts';

export function EditBallotDialog(props: { game: GameView; submissionCount: number }) {
  const t = useText(editBallotText);
  const { game } = props;
  const [open, setOpen] = useState(false);
  const [inputs, setInputs] = useState<BallotInputs>(() => inputsOfBallot(game.ballot));
  const [error, setError] = useState<string | null>(null);
  const locked = props.submissionCount > 0;

  const save = useSetBallot(game.id, {
    onSuccess: () => {
      setOpen(false);
      toast.success(t.saved);
    },
    onError: (thrown) => setError(errorMessage(thrown)),
  });

  const onOpenChange = (next: boolean) => {
    if (next) {
      setInputs(inputsOfBallot(game.ballot));
      setError(null);
      save.reset();
    }
    setOpen(next);
  };

  return (
    <ButtonDialog
      icon={Layers}
      label={t.open}
      open={open}
      onOpenChange={onOpenChange}
      className="edit-ballot"
      testId="edit-ballot-dialog"
      triggerTestId="edit-ballot"
    >
      <form
        className="edit-ballot__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          const checked = ballotOfInputs(inputs, game.items.length);
          if (checked.error !== null) setError(checked.error);
          else save.mutate(checked.ballot);
        }}
      >
        <DialogHead title={t.title} />
        <Dialog.Description className="dialog__text">
          {locked ? t.locked : t.description}
        </Dialog.Description>
        <BallotField
          value={inputs}
          onChange={(next) => {
            setError(null);
            setInputs(next);
          }}
          itemCount={game.items.length}
          error={error}
          locked={locked}
        />
        <div className="dialog__actions">
          <Dialog.Close asChild>
            <button type="button" className="btn btn-secondary">
              {t.cancel}
            </button>
          </Dialog.Close>
          <button type="submit" className="btn btn-primary" aria-disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </button>
        </div>
      </form>
    </ButtonDialog>
  );
}
