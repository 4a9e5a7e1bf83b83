import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showErrorDialog } from '@/lib/error-dialog';
import { nextChange } from '../../api/change-claims';
import { reviewTexts } from './review-texts';

type StartProcessingButtonProps = { importId: number; firstPendingId: number };

/**
 * 'Начать обработку': each operator is handed a different free row (the first free one in file order,
 * claimed for them), or told that other operators hold every row. It stays a link to the first waiting row,
 * so that it can be opened in a new tab.
 */
export function StartProcessingButton({ importId, firstPendingId }: StartProcessingButtonProps) {
  const navigate = useNavigate();
  const [isNoneFree, setIsNoneFree] = useState(false);
  const [isStarting, setIsStarting] = useState(false);

  const start = async (event: MouseEvent) => {
    // A new tab or window is the browser's: the link opens there as it is.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (isStarting) return;
    setIsStarting(true);
    try {
      const next = await nextChange(importId, null);
      if (next) await navigate(paths.importChange.href(importId, next.Id));
      else setIsNoneFree(true);
    } catch (error) {
      showErrorDialog(error);
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <>
      {isNoneFree && (
        <Typography role="status" variant="body2" color="warning.dark" sx={{ alignSelf: 'center' }}>
          {reviewTexts.noFreeToStart}
        </Typography>
      )}
      <Button
        variant="contained"
        component={Link}
        to={paths.importChange.href(importId, firstPendingId)}
        onClick={(event: MouseEvent) => void start(event)}
      >
        {reviewTexts.startProcessing}
      </Button>
    </>
  );
}
