import './page-loading.css';

/** A page still loading: a spinner in antd's look, without antd (it shows before antd has loaded). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="加载中">
      <span className="page-loading-dot" />
    </div>
  );
}
