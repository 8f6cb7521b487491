export const PRODUCT_NAME = '职业技能等级认定与证书服务';
