import { PaperClipOutlined } from '@ant-design/icons';
import { sanitizeHtml } from '@skill-cert/shared/sanitize-html';
import { Button, Card, Divider, Image, List, Result, Space, Spin, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { usePublishedArticle } from './api/news';

/** `/news/view/:id`: one published article as every reader of its portals sees it. */
export function NewsArticlePage() {
  const { id = '' } = useParams();
  const article = usePublishedArticle(id);
  const html = useMemo(() => (article.data ? sanitizeHtml(article.data.content) : ''), [article.data]);

  if (article.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!article.data)
    return (
      <Result
        status="404"
        title="新闻不存在或已下线"
        extra={
          <Link to="/news/index">
            <Button type="primary">返回新闻列表</Button>
          </Link>
        }
      />
    );
  const a = article.data;
  return (
    <Card>
      <Link to="/news/index">返回新闻列表</Link>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {a.title}
      </Typography.Title>
      <Space style={{ width: '100%', justifyContent: 'center' }} wrap>
        {a.top && <Tag color="red">置顶</Tag>}
        <Tag>{a.category}</Tag>
        <Typography.Text type="secondary">发布时间：{a.publish_time_str}</Typography.Text>
        <Typography.Text type="secondary">阅读 {a.read_count}</Typography.Text>
      </Space>
      <Divider />
      {a.cover_url && (
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Image src={a.cover_url} alt="封面" style={{ maxWidth: 640 }} />
        </div>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: passed through the one rich-text sanitiser */}
      <article className="news-content" dangerouslySetInnerHTML={{ __html: html }} />
      {a.attachments.length > 0 && (
        <>
          <Divider titlePlacement="start">附件</Divider>
          <List
            size="small"
            dataSource={a.attachments}
            renderItem={(f) => (
              <List.Item>
                <a href={`${f.url}?download=1`} download={f.name}>
                  <PaperClipOutlined /> {f.name}
                </a>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
