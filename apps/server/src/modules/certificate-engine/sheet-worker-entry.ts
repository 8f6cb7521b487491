/** The sheet thread's tasks (render-pool.ts), by the names `piscina.run(input, { name })` gives. */
export {
  photoIndexTask as photoIndex,
  readSheetTask as readSheet,
  readTableTask as readTable,
  readyTask as ready,
  storePhotosTask as storePhotos,
  templateWorkbookTask as workbook,
  writeTableTask as writeTable,
} from './sheet-worker.ts';
