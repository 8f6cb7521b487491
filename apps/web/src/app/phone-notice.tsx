/** The whole page on a phone (spec §1). */
export function PhoneNotice() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100vh' }}>
      请使用电脑端打开
    </div>
  );
}
